'use client';

import { useEffect, useRef } from 'react';

/**
 * Tells the gateway the product was seen (POST /api/products/{id}/views → ProductViewed; a
 * projection keeps the count, so the page's read never writes). Once per page view, after the
 * page is shown; `keepalive` lets it finish when the shopper leaves at once. A failure is of no
 * interest to the shopper.
 */
export function ViewPing({ productId }: { productId: string }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === productId) return;
    sent.current = productId;
    fetch(`/api/products/${encodeURIComponent(productId)}/views`, {
      method: 'POST',
      keepalive: true,
    }).catch(() => {});
  }, [productId]);
  return null;
}
