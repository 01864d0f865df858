import { type AttentionKind, PAYMENT_RECORD_STATUSES } from '@qahwa/schema/payments';
import { useTranslations } from 'next-intl';

// The known set is the read model's (schema payments/attention.ts), shared with the order page.
const KNOWN_STATUSES = PAYMENT_RECORD_STATUSES;

const TONE: Record<string, string> = {
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  collected: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  processing: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  refunded: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  partially_refunded: 'bg-amber-50 text-amber-900 ring-amber-600/20',
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const t = useTranslations('Payments.status');
  const known = (KNOWN_STATUSES as readonly string[]).includes(status);
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        TONE[status] ?? 'bg-red-50 text-red-800 ring-red-600/20'
      }`}
    >
      {known ? t(status as (typeof KNOWN_STATUSES)[number]) : status}
    </span>
  );
}

const REFUND_TONE = {
  requested: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  succeeded: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  failed: 'bg-red-50 text-red-800 ring-red-600/20',
} as const;

/** A refund row's state (requested while the provider has not answered, then succeeded or failed). */
export function RefundStatusBadge({ status }: { status: string }) {
  const t = useTranslations('Payments.refundStatus');
  const known = status in REFUND_TONE ? (status as keyof typeof REFUND_TONE) : null;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        known ? REFUND_TONE[known] : REFUND_TONE.failed
      }`}
    >
      {known ? t(known) : status}
    </span>
  );
}

export function AttentionBadge({ kind }: { kind: AttentionKind }) {
  const t = useTranslations('Payments.attention');
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30">
      <span aria-hidden="true">!</span>
      {t(kind)}
    </span>
  );
}
