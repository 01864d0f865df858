import { AdminProduct, can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ProductForm } from '@/catalogue/product-form';
import { redirectToLogin, requireUser } from '@/lib/current-user';
import { gatewayGet } from '@/lib/gateway';
import { isGatewayError } from '@/lib/gateway-error';
import { AccessDenied } from '@/ui/access-denied';
import { PageHeader } from '@/ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Products'))('editTitle') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  // The product is asked for beside the session, not after it: one gateway round trip instead of
  // two in a row (the gateway checks the permission on its own; a refusal is handled below).
  const productCall = gatewayGet(`/api/admin/products/${id}`, AdminProduct).then(
    (product) => ({ product }),
    (error: unknown) => ({ error }),
  );
  const [user, t] = await Promise.all([requireUser(), getTranslations('Products')]);
  if (!can(user, 'products', 'view')) {
    return (
      <>
        <PageHeader title={t('editTitle')} />
        <AccessDenied />
      </>
    );
  }
  const loaded = await productCall;
  if ('error' in loaded) {
    const { error } = loaded;
    if (isGatewayError(error, 'UNAUTHORIZED')) return redirectToLogin();
    if (isGatewayError(error) && error.status === 404) notFound();
    if (isGatewayError(error, 'FORBIDDEN')) return <AccessDenied />;
    throw error;
  }
  const { product } = loaded;
  return (
    <>
      <PageHeader title={t('editTitle')} />
      {/* Keyed by version: after a save the server's copy is the form's new start. */}
      <ProductForm key={product.version} product={product} canEdit={can(user, 'products', 'edit')} />
    </>
  );
}
