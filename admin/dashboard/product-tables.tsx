import { type DashboardSummary, formatAed, type Locale, type LocalText, toFils } from '@qahwa/schema';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatCount } from '@/i18n/format';
import { adminImageSrc } from '@/lib/image-src';
import { EmptyState } from '@/ui/empty-state';
import { barPercent } from './chart';
import { Panel, td, th } from './panel';

type Product = { productId: string; name: LocalText; imageUrl: string | null };

function ProductName({ product, locale }: { product: Product; locale: Locale }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      {product.imageUrl ? (
        // biome-ignore lint/performance/noImgElement: a 32 px thumbnail from any configured host (local uploads or Cloudinary); a plain img needs no image-optimizer allow-list
        <img
          src={adminImageSrc(product.imageUrl)}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          className="size-8 shrink-0 rounded object-cover ring-1 ring-stone-200"
        />
      ) : (
        <span aria-hidden="true" className="size-8 shrink-0 rounded bg-stone-100 ring-1 ring-stone-200" />
      )}
      <Link
        href={`/backend/products/${product.productId}`}
        className="line-clamp-2 font-medium break-words text-stone-900 hover:text-coffee-800 hover:underline"
      >
        {product.name[locale]}
      </Link>
    </span>
  );
}

/** A number with a thin bar under it, as long as its share of the column's largest. */
function Measure({ value, max, children }: { value: number; max: number; children: ReactNode }) {
  return (
    <div className="ms-auto w-16">
      <div className="text-end">{children}</div>
      <div aria-hidden="true" className="mt-1 h-1 rounded-full bg-stone-100">
        <div className="h-1 rounded-full bg-coffee-600" style={{ width: `${barPercent(value, max)}%` }} />
      </div>
    </div>
  );
}

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: { label: string; end?: boolean; title?: string }[];
  children: ReactNode;
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th
                key={h.label}
                scope="col"
                title={h.title}
                className={`${th} bg-white ${h.end ? 'text-end' : 'text-start'}`}
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

export function PopularProducts({
  products,
  className,
}: {
  products: DashboardSummary['popularProducts'];
  className?: string;
}) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const max = Math.max(0, ...products.map((p) => p.views));
  return (
    <Panel id="popular" className={className} title={t('popularHeading')} intro={t('popularIntro')}>
      {products.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noViews')} />
        </div>
      ) : (
        <Table
          caption={t('popularTable')}
          head={[{ label: t('productColumn') }, { label: t('viewsColumn'), end: true }]}
        >
          {products.map((p) => (
            <tr key={p.productId}>
              <th scope="row" className="max-w-0 min-w-40 py-2 pe-3 text-start font-normal">
                <ProductName product={p} locale={locale} />
              </th>
              <td className={`${td} pe-0`}>
                <Measure value={p.views} max={max}>
                  {formatCount(p.views, locale)}
                </Measure>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  );
}

export function TopProducts({
  products,
  className,
}: {
  products: DashboardSummary['topProducts'];
  className?: string;
}) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const max = Math.max(0, ...products.map((p) => p.unitsSold));
  return (
    <Panel id="top" className={className} title={t('topHeading')} intro={t('topIntro')}>
      {products.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noSales')} />
        </div>
      ) : (
        <Table
          caption={t('topTable')}
          head={[
            { label: t('productColumn') },
            { label: t('unitsColumn'), end: true },
            { label: t('revenueColumn'), end: true },
          ]}
        >
          {products.map((p) => (
            <tr key={p.productId}>
              <th scope="row" className="max-w-0 min-w-40 py-2 pe-3 text-start font-normal">
                <ProductName product={p} locale={locale} />
              </th>
              <td className={td}>
                <Measure value={p.unitsSold} max={max}>
                  {formatCount(p.unitsSold, locale)}
                </Measure>
              </td>
              <td className={`${td} pe-0 text-end`}>{formatAed(toFils(p.revenue), locale)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  );
}

export function ProductPerformance({
  products,
  className,
}: {
  products: DashboardSummary['productPerformance'];
  className?: string;
}) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const rate = new Intl.NumberFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  return (
    <Panel
      id="performance"
      className={className}
      title={t('performanceHeading')}
      intro={t('performanceIntro')}
    >
      {products.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('noData')} />
        </div>
      ) : (
        <Table
          caption={t('performanceTable')}
          head={[
            { label: t('productColumn') },
            { label: t('viewsColumn'), end: true },
            { label: t('unitsColumn'), end: true },
            { label: t('revenueColumn'), end: true },
            { label: t('conversionColumn'), end: true, title: t('conversionHint') },
          ]}
        >
          {products.map((p) => (
            <tr key={p.productId}>
              <th scope="row" className="max-w-0 min-w-40 py-2 pe-3 text-start font-normal">
                <ProductName product={p} locale={locale} />
              </th>
              <td className={`${td} text-end`}>{formatCount(p.views, locale)}</td>
              <td className={`${td} text-end`}>{formatCount(p.unitsSold, locale)}</td>
              <td className={`${td} text-end`}>{formatAed(toFils(p.revenue), locale)}</td>
              <td className={`${td} pe-0 text-end`}>
                {p.conversionRate === null ? (
                  <span className="text-stone-400">{t('noConversion')}</span>
                ) : (
                  `${rate.format(p.conversionRate)}%`
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  );
}
