import type { CategorySummary } from '@qahwa/schema/contracts';
import { getLocale, getTranslations } from 'next-intl/server';
import { TrackOnView } from '@/analytics/track-view';
import { ProductGrid } from '@/catalogue/product-card';
import { listAllProducts } from '@/lib/catalogue';
import { BackArrow, ForwardArrow } from '@/shell/icons';
import { ShopControls } from './shop-controls';
import { applyFilters, paginate, SHOP_SORTS, type ShopState, shopHref } from './shop-state';

/**
 * The shop's one template: every product (`/shop`) or one category (`/shop/{slug}`), searched,
 * sorted, filtered and paged by the URL. A server component; only the controls are a client island.
 */
export async function ShopView({
  category,
  categories,
  state,
}: {
  category: CategorySummary | null;
  categories: CategorySummary[];
  state: ShopState;
}) {
  const [t, locale] = await Promise.all([getTranslations('Shop'), getLocale()]);
  const base = category ? `/shop/${category.slug}` : '/shop';
  const matching = await listAllProducts({
    ...(category ? { category: category.slug } : {}),
    ...(state.q ? { search: state.q } : {}),
    sort: state.sort,
  });
  const page = paginate(applyFilters(matching, state), state.page);
  const name = (c: CategorySummary) => (locale === 'ar' ? c.nameAr : c.name);
  const title = category ? name(category) : t('title');
  const filtered = state.q || state.sale || state.inStock;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label={t('breadcrumb')} className="mb-2 text-sm text-coffee-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <a href="/" className="hover:underline">
              {t('home')}
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            {category ? (
              <a href="/shop" className="hover:underline">
                {t('title')}
              </a>
            ) : (
              <span aria-current="page">{t('title')}</span>
            )}
          </li>
          {category && (
            <>
              <li aria-hidden="true">/</li>
              <li aria-current="page">{name(category)}</li>
            </>
          )}
        </ol>
      </nav>
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 mb-4 text-coffee-700">
        {category ? t('categoryIntro', { category: title }) : t('intro')}
      </p>

      <nav aria-label={t('categories')} className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          {[null, ...categories.filter((c) => c.productCount > 0)].map((c) => {
            const current = (c?.slug ?? null) === (category?.slug ?? null);
            return (
              <li key={c?.slug ?? 'all'} className="shrink-0">
                <a
                  href={shopHref(c ? `/shop/${c.slug}` : '/shop', state, { page: 1, q: state.q })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-block rounded-full border px-3 py-1.5 text-sm font-medium ${
                    current
                      ? 'border-coffee-800 bg-coffee-800 text-white'
                      : 'border-coffee-200 bg-white text-coffee-800 hover:bg-coffee-100'
                  }`}
                >
                  {c ? name(c) : t('allCategories')}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <ShopControls
        key={shopHref(base, state)}
        action={base}
        state={state}
        sorts={SHOP_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
      />

      {state.q && <TrackOnView name="search" data={{ search_term: state.q, results: page.total }} />}
      <div className="mt-4 mb-3 flex flex-wrap items-baseline justify-between gap-2" aria-live="polite">
        {/* The results' heading: the cards' names (h3) sit under it, not straight under the h1. */}
        <h2 className="text-sm font-normal text-coffee-700">
          {state.q ? t('resultsFor', { count: page.total, q: state.q }) : t('results', { count: page.total })}
        </h2>
        {filtered && (
          <a href={base} className="text-sm font-medium text-coffee-800 underline">
            {t('clear')}
          </a>
        )}
      </div>

      {page.items.length ? (
        <ProductGrid products={page.items} eagerCount={page.page === 1 ? 2 : 0} />
      ) : (
        <div className="rounded-xl border border-dashed border-coffee-300 bg-white p-8 text-center">
          <p className="font-medium text-coffee-900">{filtered ? t('noMatch') : t('empty')}</p>
          {filtered && (
            <a href={base} className="mt-3 inline-block text-sm font-medium text-coffee-800 underline">
              {t('clear')}
            </a>
          )}
          {state.q && (
            // A search that found nothing is not a dead end: the categories are a click away.
            <nav aria-label={t('browseCategories')} className="mt-4">
              <p className="text-sm text-coffee-700">{t('browseCategories')}</p>
              <ul className="mt-2 flex flex-wrap justify-center gap-2">
                {categories
                  .filter((c) => c.productCount > 0)
                  .map((c) => (
                    <li key={c.slug}>
                      <a
                        href={`/shop/${c.slug}`}
                        className="inline-block rounded-full border border-coffee-200 bg-white px-3 py-1.5 text-sm font-medium text-coffee-800 hover:bg-coffee-100"
                      >
                        {name(c)}
                      </a>
                    </li>
                  ))}
              </ul>
            </nav>
          )}
        </div>
      )}

      {page.pageCount > 1 && (
        <nav aria-label={t('pagination')} className="mt-8 flex items-center justify-center gap-2">
          {page.page > 1 ? (
            <a
              href={shopHref(base, state, { page: page.page - 1 })}
              rel="prev"
              className="inline-flex items-center gap-1 rounded-lg border border-coffee-200 bg-white px-3 py-2 text-sm font-medium text-coffee-900 hover:bg-coffee-100"
            >
              <BackArrow />
              {t('previous')}
            </a>
          ) : null}
          <ol className="flex gap-1">
            {Array.from({ length: page.pageCount }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <a
                  href={shopHref(base, state, { page: n })}
                  aria-label={t('pageN', { page: n })}
                  aria-current={n === page.page ? 'page' : undefined}
                  className={`flex h-10 min-w-10 items-center justify-center rounded-lg border px-2 text-sm font-medium ${
                    n === page.page
                      ? 'border-coffee-800 bg-coffee-800 text-white'
                      : 'border-coffee-200 bg-white text-coffee-900 hover:bg-coffee-100'
                  }`}
                >
                  {n}
                </a>
              </li>
            ))}
          </ol>
          {page.page < page.pageCount ? (
            <a
              href={shopHref(base, state, { page: page.page + 1 })}
              rel="next"
              className="inline-flex items-center gap-1 rounded-lg border border-coffee-200 bg-white px-3 py-2 text-sm font-medium text-coffee-900 hover:bg-coffee-100"
            >
              {t('next')}
              <ForwardArrow />
            </a>
          ) : null}
        </nav>
      )}
    </div>
  );
}
