import type { AdminPaymentDetail } from '@qahwa/schema/contracts/admin-payments';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirectToLogin } from '../../../../../lib/current-user';
import { GatewayError, isGatewayError } from '../../../../../lib/gateway-error';
import { getPayment } from '../../../../../payments/payment-data';
import { PaymentDetailView } from '../../../../../payments/payment-detail';
import { AccessDenied } from '../../../../../ui/access-denied';
import { NotFoundMessage } from '../../../../../ui/not-found-message';
import { PageHeader } from '../../../../../ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return {
    title: (await getTranslations('Payments.detail'))('title', { reference: decodeURIComponent(id) }),
  };
}

type Load =
  | { ok: true; payment: AdminPaymentDetail }
  | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

async function load(id: string): Promise<Load> {
  // The gateway's own shape of a reference: anything else is no payment, without a call.
  if (!/^[A-Za-z0-9_:.-]{1,200}$/.test(id)) return { ok: false, reason: 'NOT_FOUND' };
  try {
    return { ok: true, payment: await getPayment(id) };
  } catch (error) {
    for (const reason of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      if (isGatewayError(error, reason)) return { ok: false, reason };
    }
    if (error instanceof GatewayError && error.status === 404) return { ok: false, reason: 'NOT_FOUND' };
    throw error;
  }
}

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result] = await Promise.all([getTranslations('Payments.detail'), load(id)]);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title', { reference: id })} />
        {result.reason === 'FORBIDDEN' ? <AccessDenied /> : <NotFoundMessage />}
      </>
    );
  }
  return <PaymentDetailView payment={result.payment} />;
}
