import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** Previous / next page links that keep the screen's other query parameters. */
export function Pager({
  base,
  params,
  page,
  pageSize,
  total,
}: {
  base: string;
  params: Record<string, string>;
  page: number;
  pageSize: number;
  total: number;
}) {
  const t = useTranslations('CrmCommon');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const href = (p: number) => {
    const q = new URLSearchParams({ ...params, ...(p > 1 ? { page: String(p) } : {}) });
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const link =
    'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50';
  return (
    <nav aria-label={t('pagination')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link} rel="prev">
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link href={href(page + 1)} className={link} rel="next">
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
