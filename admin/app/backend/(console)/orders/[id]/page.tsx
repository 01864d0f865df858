import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { documentsOfOrder } from '@/invoices/document-data';
import { OrderDocumentsCard } from '@/invoices/order-documents';
import { adminConfig } from '@/lib/config';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { getOrderDetail } from '@/orders/order-data';
import { OrderDetailView } from '@/orders/order-detail';
import { OrderReturnsCard } from '@/returns/order-returns';
import { returnsOfOrder } from '@/returns/return-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('OrderDetail'))('title', { id: decodeURIComponent(id) }) };
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const valid = /^QH-\d{1,12}$/.test(id);
  const [t, result, user, returns, documents] = await Promise.all([
    getTranslations('OrderDetail'),
    // Anything that is not an order number is no order: no call to the gateway for it.
    loadOrDeny(() => getOrderDetail(id), { notFound: true, valid }),
    currentSession(),
    // The order's returns are a panel of the page: if they cannot be read, the order still shows.
    valid
      ? returnsOfOrder(id).then(
          (r) => r.returns,
          () => null,
        )
      : null,
    // Likewise its invoice and credit notes.
    valid
      ? documentsOfOrder(id).then(
          (r) => r.documents,
          () => null,
        )
      : null,
  ]);
  if (!result.ok) return <Denied title={t('title', { id })} reason={result.reason} />;
  return (
    <OrderDetailView
      order={result.data}
      canEdit={user ? can(user, 'orders', 'edit') : false}
      temporal={{ url: adminConfig.temporalUiUrl, namespace: adminConfig.temporalNamespace }}
      returns={<OrderReturnsCard returns={returns} />}
      documents={<OrderDocumentsCard documents={documents} />}
    />
  );
}
