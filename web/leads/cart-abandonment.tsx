'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { cartItemsAtom } from '../cart/cart-store';
import { useAtomValue } from '../shell/atoms';
import { LEAD_SESSION_KEY, type LeadSession } from './abandonment';
import { readJson, writeJson } from './lead-reports';

/**
 * SPEC 4 cart abandonment, mounted once in the layout. The visit (started when, pages seen, where
 * from; sessionStorage, one per tab and visit) is counted on every page; the tracker that reports
 * a cart (and reads the profile for its e-mail) is fetched once the cart has something in it:
 * an empty cart has nothing to report, and most pages load without it (issue 10's budget).
 */
const loadTracker = () => import('./cart-abandonment-tracker');
const CartAbandonmentTracker = lazy(() => loadTracker().then((m) => ({ default: m.CartAbandonmentTracker })));

export function CartAbandonment() {
  const pathname = usePathname();
  const hasItems = useAtomValue(cartItemsAtom).length > 0;
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const session = readJson<LeadSession>(window.sessionStorage, LEAD_SESSION_KEY) ?? {
      startedAt: Date.now(),
      pageVisits: 0,
      referrer: document.referrer,
      lastPage: '',
    };
    writeJson(window.sessionStorage, LEAD_SESSION_KEY, {
      ...session,
      pageVisits: session.pageVisits + 1,
      lastPage: `${pathname}${window.location.search}`,
    });
  }, [pathname]);

  // Once wanted, it stays: an emptied cart must still reach the tracker (a new cart id).
  useEffect(() => {
    if (hasItems) setWanted(true);
  }, [hasItems]);

  return wanted ? (
    <Suspense fallback={null}>
      <CartAbandonmentTracker />
    </Suspense>
  ) : null;
}
