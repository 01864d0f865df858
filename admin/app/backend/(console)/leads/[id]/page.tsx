import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LeadDetailView } from '@/leads/lead-detail';
import { getLead } from '@/lib/gateway';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('LeadDetail'))('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /backend/leads/{id} (docs/leads.md): one lead, from the list's Details link. */
export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result] = await Promise.all([
    getTranslations('LeadDetail'),
    // Anything that is not a lead id is no lead: no call to the gateway for it.
    loadOrDeny(() => getLead(id), { notFound: true, valid: UUID.test(id) }),
  ]);
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  return <LeadDetailView detail={result.data} />;
}
