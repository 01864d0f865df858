import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '../../../../lib/current-user';
import { canViewEntry } from '../../../../menu';
import { SectionPlaceholder } from '../../../../sections/section-placeholder';
import { placeholderSection } from '../../../../sections/sections';
import { AccessDenied } from '../../../../ui/access-denied';
import { PageHeader } from '../../../../ui/page-header';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ section: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const entry = placeholderSection((await params).section);
  if (!entry) return {};
  return { title: (await getTranslations('Menu'))(entry.id) };
}

/** One route for every menu section still being built (SPEC 2.1), instead of 18 copies. */
export default async function SectionPage({ params }: Props) {
  const entry = placeholderSection((await params).section);
  if (!entry) notFound();
  const [user, t] = await Promise.all([requireUser(), getTranslations('Menu')]);
  return (
    <>
      <PageHeader title={t(entry.id)} />
      {canViewEntry(user, entry) ? <SectionPlaceholder /> : <AccessDenied />}
    </>
  );
}
