import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ChevronEndIcon, ChevronStartIcon } from '@/shell/icons';
import { ordersPageHref as hrefFor, type PageWindow } from './pagination';

export function PaginationNav({ current, query = '' }: { current: PageWindow; query?: string }) {
  const t = useTranslations('Pagination');
  const base =
    'inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-500';
  const enabled = `${base} border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;
  const disabled = `${base} cursor-not-allowed border-stone-200 bg-stone-50 text-stone-400`;

  return (
    <nav aria-label={t('label')} className="mt-4 flex items-center justify-between gap-3">
      {current.hasPrevious ? (
        <Link href={hrefFor(current.page - 1, query)} className={enabled}>
          <ChevronStartIcon className="size-4 rtl:-scale-x-100" />
          {t('previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ChevronStartIcon className="size-4 rtl:-scale-x-100" />
          {t('previous')}
        </span>
      )}
      <p className="text-sm text-stone-600">{t('page', { page: current.page, pages: current.pages })}</p>
      {current.hasNext ? (
        <Link href={hrefFor(current.page + 1, query)} className={enabled}>
          {t('next')}
          <ChevronEndIcon className="size-4 rtl:-scale-x-100" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('next')}
          <ChevronEndIcon className="size-4 rtl:-scale-x-100" />
        </span>
      )}
    </nav>
  );
}
