'use client';

import type { Product } from '@qahwa/schema/catalogue';
import { useEffect, useState } from 'react';
import { api } from '@/lib/browser-api';

export type ProductLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; product: Product };

/** The product the options modal was opened for, with its variations (GET /api/products/{id}). */
export function useProduct(productId: string): ProductLoad {
  const [load, setLoad] = useState<ProductLoad>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void api(`/api/products/${encodeURIComponent(productId)}`, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        // The gateway serializes this through the shared Product contract; here a shape check is
        // enough to catch a wrong answer, and keeps the validation library off catalogue pages.
        if (answer.ok && isProductShape(answer.body)) {
          setLoad({ status: 'ready', product: answer.body });
          return;
        }
        // SPEC 8: a failed product fetch in the modal is only logged and shows "Product not found".
        const why = answer.ok
          ? 'not a product'
          : answer.reason === 'server'
            ? `HTTP ${answer.status}`
            : 'network';
        console.error('options modal: product fetch failed', why);
        setLoad({ status: 'missing' });
      },
    );
    return () => controller.abort();
  }, [productId]);
  return load;
}

function isProductShape(value: unknown): value is Product {
  const v = value as Partial<Product> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.nameAr === 'string' &&
    Array.isArray(v.variations)
  );
}
