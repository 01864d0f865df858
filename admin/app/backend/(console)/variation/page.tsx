import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/current-user';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';
import { VariationWorkbench } from '@/variations/variation-workbench';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Variations'))('pageTitle') };
}

/** SPEC 2.1 /backend/variation: the variations editor of SPEC 2.3 over a product chosen here. */
export default async function VariationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t, params] = await Promise.all([requireUser(), getTranslations('Variations'), searchParams]);
  if (!can(user, 'variation', 'view')) {
    return (
      <>
        <PageHeader title={t('pageTitle')} />
        <AccessDenied />
      </>
    );
  }
  const product = typeof params.product === 'string' ? params.product : null;
  return (
    <>
      <PageHeader title={t('pageTitle')} />
      <VariationWorkbench initialProductId={product} canEdit={can(user, 'variation', 'edit')} />
    </>
  );
}
