'use client';

import type { OfferSettings } from '@qahwa/schema/contracts';
import { offerCountdown } from '@qahwa/schema/offers';
import { OFFER_TICK_MS } from '@qahwa/schema/reference';
import { useEffect, useRef, useState } from 'react';

/**
 * The offer banner's ticking HH:MM:SS (SPEC 2.8, 4), the banner's only island: the rest of it is
 * drawn by the server (`offer-banner.tsx`; the 150 KB per route budget). The first render uses
 * the server's clock (`renderedAt`), so server and browser draw the same digits, then the
 * browser's clock takes over. When the offer ends while the page is open the whole banner hides.
 */
export function OfferClock({
  offer,
  renderedAt,
  className,
}: {
  offer: OfferSettings;
  renderedAt: number;
  className: string;
}) {
  const [now, setNow] = useState(renderedAt);
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), OFFER_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const countdown = offerCountdown(offer, new Date(now));
  useEffect(() => {
    // The banner around the clock is the server's markup: hide it, as the old island rendered null.
    if (countdown === null) ref.current?.closest('aside')?.setAttribute('hidden', '');
  }, [countdown]);
  return (
    // Latin digits left to right in both languages (docs/domain-decisions.md).
    <time
      ref={ref}
      dir="ltr"
      dateTime={offer.endTime ?? undefined}
      suppressHydrationWarning
      className={className}
    >
      {countdown}
    </time>
  );
}
