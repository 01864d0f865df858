'use client';

import type { BackInStockCounts } from '@qahwa/schema/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/browser-api';

/**
 * How many shoppers wait for a back-in-stock e-mail, per variation of a saved product
 * (docs/back-in-stock.md). Read again when `stockKey` changes: staff putting stock back is what
 * closes the requests (the workers mail them), so the count follows the edit. A failed read
 * shows no count; the editor works without it.
 */
export function useWaitingCounts(productId: string | null, stockKey: string): ReadonlyMap<string, number> {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    if (!productId || !stockKey) return;
    let live = true;
    api<BackInStockCounts>('GET', `/admin/back-in-stock?productId=${encodeURIComponent(productId)}`).then(
      (answer) => {
        if (live) setCounts(new Map(answer.counts.map((c) => [c.variationId, c.waiting])));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [productId, stockKey]);
  return counts;
}
