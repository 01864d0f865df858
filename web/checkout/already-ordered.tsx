'use client';

import { useTranslations } from '@/i18n/client';
import type { AlreadyOrdered } from './payment-flows/use-paid-order';
import { buttonStyles } from './steps';

/**
 * The payment step of a cart that was already paid for (docs/payments.md "One checkout, one
 * payment"): the server's words (no intent was made, or this tab's second payment went back), the
 * way to that order's confirmation, and no form to pay with. The cart is emptied behind it.
 */
export function AlreadyOrderedNotice({ found }: { found: AlreadyOrdered }) {
  const tp = useTranslations('Payments');
  const t = useTranslations('Checkout');
  // Its confirmation loads the order through the signed token; without one, the lookup by number.
  const confirmation = found.trackingToken
    ? `/checkout/confirmation?${new URLSearchParams({ t: found.trackingToken })}`
    : '/orders/track';
  return (
    <div className="space-y-4" data-testid="already-ordered">
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p>{found.text}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={confirmation} className={`${buttonStyles.primary} text-center`}>
          {tp('alreadyOrderedLink')}
        </a>
        <a href="/shop" className={`${buttonStyles.secondary} text-center`}>
          {t('continueShopping')}
        </a>
      </div>
    </div>
  );
}
