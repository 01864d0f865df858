import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { getPayment } from '@/payments/payment-data';
import { PaymentDetailView } from '@/payments/payment-detail';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return {
    title: (await getTranslations('Payments.detail'))('title', { reference: decodeURIComponent(id) }),
  };
}

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const [t, result, user] = await Promise.all([
    getTranslations('Payments.detail'),
    // The gateway's own shape of a reference: anything else is no payment, without a call.
    loadOrDeny(() => getPayment(id), { notFound: true, valid: /^[A-Za-z0-9_:.-]{1,200}$/.test(id) }),
    currentSession(),
  ]);
  if (!result.ok) return <Denied title={t('title', { reference: id })} reason={result.reason} />;
  return <PaymentDetailView payment={result.data} canEdit={user ? can(user, 'payments', 'edit') : false} />;
}
