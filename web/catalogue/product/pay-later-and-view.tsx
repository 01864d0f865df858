'use client';

import { useEffect, useRef } from 'react';
import { type AnalyticsEvents, track } from '@/analytics/events';
import { TabbyPromo } from '@/payments/tabby-promo';

/**
 * The product page's island beside the price: Tabby's promo (SPEC 2.7), and the page view told
 * once to the gateway (POST /api/products/{id}/views → ProductViewed; a projection keeps the
 * count, so the page's read never writes) and to analytics (ViewContent). One island rather than
 * three (promo, view ping, view event): each island is a module and a client reference in the
 * page's script, and the page is at the 150 KB per route edge (docs/performance.md).
 * The ping is a beacon after the page is shown: the browser finishes it when the shopper leaves
 * at once, and it has no answer to read (a fetch left unread held its connection open).
 */
export function PayLaterAndView({
  productId,
  priceFils,
  viewContent,
}: {
  productId: string;
  priceFils: number;
  viewContent: AnalyticsEvents['ViewContent'];
}) {
  const sent = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product shown; `viewContent` is a new object on every render.
  useEffect(() => {
    if (sent.current === productId) return;
    sent.current = productId;
    navigator.sendBeacon(`/api/products/${encodeURIComponent(productId)}/views`);
    track('ViewContent', viewContent);
  }, [productId]);
  return <TabbyPromo priceFils={priceFils} source="product" />;
}
