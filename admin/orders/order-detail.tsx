import type { AdminOrderDetail } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/i18n/format';
import { Card } from './order-card';
import { OrderCustomerCard } from './order-customer';
import { OrderLinesCard } from './order-lines';
import { OrderPaymentCard } from './order-payment';
import { OrderTimelineCard } from './order-timeline';
import { StatusActions } from './status-actions';
import { StatusBadge } from './status-badge';

/** The order page (docs/orders.md): lines, snapshot, payment, totals, discounts, refunds, timeline, workflows, moves. */
export function OrderDetailView({
  order: o,
  canEdit,
  temporal,
  returns,
  documents,
}: {
  order: AdminOrderDetail;
  canEdit: boolean;
  temporal: { url: string; namespace: string };
  /** The order's returns (returns/order-returns.tsx), drawn under its lines. */
  returns?: ReactNode;
  /** The order's invoice and credit notes (invoices/order-documents.tsx), under its payment. */
  documents?: ReactNode;
}) {
  const t = useTranslations('OrderDetail');
  const locale = useLocale() as 'en' | 'ar';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link href="/backend/orders" className="text-sm text-amber-800 underline">
            {t('back')}
          </Link>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-semibold text-stone-900">
            <span>{t('title', { id: o.id })}</span>
            <StatusBadge status={o.status} />
          </h1>
          <p className="text-sm text-stone-600">
            {t('placed', { date: formatDateTime(o.createdAt, locale) })}
          </p>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <OrderLinesCard order={o} />

          {returns}

          <OrderTimelineCard order={o} />
        </div>

        <div className="space-y-4">
          <Card title={t('actions')}>
            <StatusActions
              orderId={o.id}
              version={o.version}
              status={o.status}
              allowed={o.allowedTransitions}
              canEdit={canEdit}
            />
          </Card>
          <OrderCustomerCard order={o} />
          <OrderPaymentCard order={o} />
          {documents}
          <Card title={t('workflows')}>
            <ul className="space-y-1 text-sm">
              {o.workflows.map((w) => (
                <li key={w.workflowId}>
                  <a
                    className="font-mono text-xs break-all text-amber-800 underline"
                    dir="ltr"
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('openTemporal', { id: w.workflowId })}
                    href={`${temporal.url}/namespaces/${encodeURIComponent(temporal.namespace)}/workflows/${encodeURIComponent(w.workflowId)}`}
                  >
                    {w.workflowId}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
