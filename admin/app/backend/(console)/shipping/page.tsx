import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { ShippingRules } from '@/shipping/shipping-rules';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Shipping'))('title') };
}

/** SPEC 2.1 /backend/shipping: the rules of SPEC 3 with a live preview of a cart's shipping. */
export default async function ShippingPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslations('Shipping')]);
  return (
    <>
      <PageHeader title={t('title')} />
      {can(user, 'shipping', 'view') ? (
        <ShippingRules canEdit={can(user, 'shipping', 'edit')} />
      ) : (
        <AccessDenied />
      )}
    </>
  );
}
