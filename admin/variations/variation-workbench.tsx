'use client';

import type { Product } from '@qahwa/schema/catalogue';
import { usePathname, useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/browser-api';
import { VariationsEditor } from './variations-editor';

/** The standalone page: choose a product (kept in the URL as ?product=), then its variations. */
export function VariationWorkbench({
  initialProductId,
  canEdit,
}: {
  initialProductId: string | null;
  canEdit: boolean;
}) {
  const t = useTranslations('Variations');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const [products, setProducts] = useState<Product[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [productId, setProductId] = useState<string | null>(initialProductId);

  useEffect(() => {
    api<Product[]>('GET', '/products?limit=100').then(setProducts, () => setFailed(true));
  }, []);

  // The editor's rows not yet saved to the product: switching product would drop them.
  const unsaved = useRef(0);

  function choose(id: string) {
    if (unsaved.current > 0 && !window.confirm(t('unsavedLeave', { count: unsaved.current }))) return;
    unsaved.current = 0;
    setProductId(id || null);
    router.replace(id ? `${pathname}?product=${id}` : pathname, { scroll: false });
  }

  return (
    <div className="space-y-6">
      <div className="max-w-md space-y-1">
        <label htmlFor="variation-product" className="block text-sm font-medium text-stone-800">
          {t('product')}
        </label>
        <select
          id="variation-product"
          value={productId ?? ''}
          onChange={(e) => choose(e.target.value)}
          disabled={!products}
          className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">{t('chooseProduct')}</option>
          {(products ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {locale === 'ar' ? p.nameAr : p.name}
              {p.sku ? ` (${p.sku})` : ''}
            </option>
          ))}
        </select>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {t('productsLoadFailed')}
          </p>
        ) : null}
        {products && products.length === 0 ? (
          <p className="text-sm text-stone-600">{t('noProducts')}</p>
        ) : null}
      </div>
      {productId ? (
        <VariationsEditor
          key={productId}
          productId={productId}
          canEdit={canEdit}
          onUnsavedChange={(n) => {
            unsaved.current = n;
          }}
        />
      ) : null}
    </div>
  );
}
