import { formatAed, type LeadDetail, type Locale, type OrderStatus } from '@qahwa/schema';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/i18n/format';
import { StatusBadge } from '@/orders/status-badge';
import { PageHeader } from '@/ui/page-header';
import { LeadStatusBadge } from './leads-table';

const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'suppressed'] as const;
const PAYMENTS = ['card', 'cod', 'tabby'] as const;

/**
 * One lead (docs/leads.md): who, the road it took (its events), the cart with the prices the
 * shopper saw, the recovery e-mails, and the order that converted it.
 */
export function LeadDetailView({ detail }: { detail: LeadDetail }) {
  const t = useTranslations('LeadDetail');
  const tTrigger = useTranslations('LeadTrigger');
  const locale = useLocale() as Locale;
  const { lead } = detail;
  const card = 'rounded-lg border border-stone-200 bg-white p-4 shadow-sm';
  const term = 'text-xs font-medium uppercase tracking-wide text-stone-500';
  const th = 'px-2 py-2 sm:px-3 text-xs font-semibold uppercase tracking-wide text-stone-500';
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, locale)}</time>;
  const stepDetail = (d: string | null) => {
    if (!d) return null;
    if (d in { cart_idle: 1, page_exit: 1, manual: 1, email_capture: 1 }) {
      return tTrigger(d as 'cart_idle');
    }
    return (PAYMENTS as readonly string[]).includes(d) ? t(`payment.${d as 'card'}`) : d;
  };

  return (
    <>
      <nav aria-label={t('back')} className="mb-2 text-sm">
        <Link href="/backend/leads" className="text-amber-800 underline">
          {t('back')}
        </Link>
      </nav>
      <PageHeader title={lead.fullName ?? lead.email}>
        <LeadStatusBadge status={lead.status} />
      </PageHeader>

      <div className="mb-6 grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="lead-contact" className={card}>
          <h2 id="lead-contact" className="mb-3 font-semibold text-stone-900">
            {t('contact')}
          </h2>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className={term}>{t('name')}</dt>
              <dd>{lead.fullName ?? '—'}</dd>
            </div>
            <div>
              <dt className={term}>{t('email')}</dt>
              <dd className="break-all">
                <a href={`mailto:${lead.email}`} dir="ltr" className="text-amber-800 underline">
                  {lead.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className={term}>{t('phone')}</dt>
              <dd>
                {detail.phone ? (
                  <a
                    href={`tel:${detail.phone.replace(/[^\d+]/g, '')}`}
                    dir="ltr"
                    className="text-amber-800 underline"
                  >
                    {detail.phone}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt className={term}>{t('language')}</dt>
              <dd>{detail.locale === 'ar' ? t('arabic') : t('english')}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="lead-history" className={card}>
          <h2 id="lead-history" className="mb-3 font-semibold text-stone-900">
            {t('history')}
          </h2>
          <ol className="space-y-3 text-sm" data-testid="lead-history">
            <li>
              <div className="font-medium text-stone-900">{t('historyCreated')}</div>
              <div className="text-xs text-stone-500">{when(lead.createdAt)}</div>
            </li>
            {detail.history.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed history, never reordered
              <li key={i} className="border-s-2 border-stone-200 ps-3">
                <LeadStatusBadge status={step.status} />
                {step.detail ? <span className="ms-2 text-stone-700">{stepDetail(step.detail)}</span> : null}
                <div className="mt-0.5 text-xs text-stone-500">{when(step.at)}</div>
              </li>
            ))}
          </ol>
        </section>

        <div className="space-y-4">
          <section aria-labelledby="lead-emails" className={card}>
            <h2 id="lead-emails" className="mb-3 font-semibold text-stone-900">
              {t('emails')}
            </h2>
            {detail.recoveryEmails.length === 0 ? (
              <p className="text-sm text-stone-600">{t('emailsEmpty')}</p>
            ) : (
              <ul className="space-y-2 text-sm" data-testid="lead-emails">
                {detail.recoveryEmails.map((m) => (
                  <li key={m.createdAt}>
                    <div className="font-medium text-stone-900">{m.subject}</div>
                    <div className="text-xs text-stone-500">
                      {(EMAIL_STATUSES as readonly string[]).includes(m.status)
                        ? t(`emailStatus.${m.status as 'sent'}`)
                        : m.status}{' '}
                      · {when(m.sentAt ?? m.createdAt)}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="lead-order" className={card}>
            <h2 id="lead-order" className="mb-3 font-semibold text-stone-900">
              {t('order')}
            </h2>
            {detail.order ? (
              <div className="space-y-1 text-sm" data-testid="lead-order">
                <Link
                  href={`/backend/orders/${encodeURIComponent(detail.order.id)}`}
                  className="font-medium text-amber-800 underline"
                >
                  {t('orderLink', { id: detail.order.id })}
                </Link>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={detail.order.status as OrderStatus} />
                  <span className="whitespace-nowrap tabular-nums">
                    {t('orderTotal', { total: formatAed(detail.order.totalFils, locale) })}
                  </span>
                </div>
                <div className="text-xs text-stone-500">{when(detail.order.placedAt)}</div>
              </div>
            ) : (
              <p className="text-sm text-stone-600">{t('orderNone')}</p>
            )}
          </section>
        </div>
      </div>

      <section aria-labelledby="lead-cart" className={card}>
        <h2 id="lead-cart" className="mb-1 font-semibold text-stone-900">
          {t('cart')}
        </h2>
        <p className="mb-3 text-xs text-stone-500">{t('pricesNote')}</p>
        {detail.lines.length === 0 ? (
          <p className="text-sm text-stone-600">{t('cartEmpty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t('cartCaption')}</caption>
              <thead>
                <tr className="border-b border-stone-200">
                  <th scope="col" className={`${th} text-start`}>
                    {t('product')}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {t('quantity')}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {t('unitPrice')}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {t('lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {detail.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a lead's lines have no id of their own
                  <tr key={i}>
                    <th scope="row" className="px-2 py-2 sm:px-3 text-start font-normal">
                      <div className="font-medium text-stone-900">{line.name}</div>
                      {line.variation ? <div className="text-xs text-stone-500">{line.variation}</div> : null}
                    </th>
                    <td className="px-2 py-2 sm:px-3 text-end tabular-nums">{line.quantity}</td>
                    <td className="px-2 py-2 sm:px-3 text-end whitespace-nowrap tabular-nums">
                      {formatAed(line.unitFils, locale)}
                    </td>
                    <td className="px-2 py-2 sm:px-3 text-end whitespace-nowrap tabular-nums">
                      {formatAed(line.lineFils, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-stone-200">
                  <th scope="row" colSpan={3} className="px-2 py-2 sm:px-3 text-end font-medium">
                    {t('cartTotal')}
                  </th>
                  <td
                    className="px-2 py-2 sm:px-3 text-end whitespace-nowrap font-semibold tabular-nums"
                    data-testid="lead-cart-total"
                  >
                    {formatAed(
                      lead.cartValueFils ?? detail.lines.reduce((n, l) => n + l.lineFils, 0),
                      locale,
                    )}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
