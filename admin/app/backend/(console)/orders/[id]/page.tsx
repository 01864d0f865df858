import { can } from '@qahwa/schema';
import type { AdminOrderDetail } from '@qahwa/schema/contracts/admin-orders';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminConfig } from '../../../../../lib/config';
import { currentSession, redirectToLogin } from '../../../../../lib/current-user';
import { GatewayError, isGatewayError } from '../../../../../lib/gateway-error';
import { getOrderDetail } from '../../../../../orders/order-data';
import { OrderDetailView } from '../../../../../orders/order-detail';
import { AccessDenied } from '../../../../../ui/access-denied';
import { NotFoundMessage } from '../../../../../ui/not-found-message';
import { PageHeader } from '../../../../../ui/page-header';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('OrderDetail'))('title', { id: decodeURIComponent(id) }) };
}

type Load =
  | { ok: true; order: AdminOrderDetail }
  | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

async function load(id: string): Promise<Load> {
  // Anything that is not an order number is no order: no call to the gateway for it.
  if (!/^QH-\d{1,12}$/.test(id)) return { ok: false, reason: 'NOT_FOUND' };
  try {
    return { ok: true, order: await getOrderDetail(id) };
  } catch (error) {
    for (const reason of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      if (isGatewayError(error, reason)) return { ok: false, reason };
    }
    if (error instanceof GatewayError && error.status === 404) return { ok: false, reason: 'NOT_FOUND' };
    throw error; // the error boundary shows SPEC 2.8's fallback
  }
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result, user] = await Promise.all([getTranslations('OrderDetail'), load(id), currentSession()]);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('title', { id })} />
        {result.reason === 'FORBIDDEN' ? <AccessDenied /> : <NotFoundMessage />}
      </>
    );
  }
  return (
    <OrderDetailView
      order={result.order}
      canEdit={user ? can(user, 'orders', 'edit') : false}
      temporal={{ url: adminConfig.temporalUiUrl, namespace: adminConfig.temporalNamespace }}
    />
  );
}
