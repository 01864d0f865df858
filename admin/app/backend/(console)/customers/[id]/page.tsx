import type { AdminCustomerDetail } from '@qahwa/schema/contracts/admin-customers';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getCustomer } from '../../../../../customers/customer-data';
import { CustomerDetailView } from '../../../../../customers/customer-detail';
import { redirectToLogin } from '../../../../../lib/current-user';
import { GatewayError, isGatewayError } from '../../../../../lib/gateway-error';
import { AccessDenied } from '../../../../../ui/access-denied';
import { NotFoundMessage } from '../../../../../ui/not-found-message';
import { PageHeader } from '../../../../../ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('CustomerDetail'))('title') };
}

type Load =
  | { ok: true; customer: AdminCustomerDetail }
  | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function load(id: string): Promise<Load> {
  // Anything that is not a customer id is no customer: no call to the gateway for it.
  if (!UUID.test(id)) return { ok: false, reason: 'NOT_FOUND' };
  try {
    return { ok: true, customer: await getCustomer(id) };
  } catch (error) {
    for (const reason of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      if (isGatewayError(error, reason)) return { ok: false, reason };
    }
    if (error instanceof GatewayError && error.status === 404) return { ok: false, reason: 'NOT_FOUND' };
    throw error; // the error boundary shows SPEC 2.8's fallback
  }
}

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result] = await Promise.all([getTranslations('CustomerDetail'), load(id)]);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title')} />
        {result.reason === 'FORBIDDEN' ? <AccessDenied /> : <NotFoundMessage />}
      </>
    );
  }
  return <CustomerDetailView customer={result.customer} />;
}
