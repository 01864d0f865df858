'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { dispatchCartAtom } from '@/cart/cart-store';
import { useLocale, useTranslations } from '@/i18n/client';
import {
  outcomeMessage,
  type PayLaterStatus,
  payLaterStatus,
  pollDelayMs,
  type ReturnResult,
} from '@/payments/tabby-session';
import { useSetAtom } from '@/shell/atoms';
import { endAttempt } from './attempt-key';
import { clearCheckoutDetails } from './checkout-progress';
import { clearPayLaterOrderData, leavePayLaterNotice, readPayLaterOrderData } from './pay-later-order-data';

type Locale = 'en' | 'ar';

/** After this long pending, the page says so plainly (the workflow goes on; the order still comes). */
const SLOW_AFTER_MS = 30_000;

type View =
  | { kind: 'confirming'; slow: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'missing' }
  | { kind: 'notFound' };

/**
 * `/checkout/pay-later?result=…&payment_id=…`: where the provider sends the shopper back. It never
 * decides anything from the query string: it asks the gateway, whose workflow asks the provider.
 * approved → the confirmation page; pending → a calm "confirming" state that keeps asking;
 * anything else → back to the payment step with the cart, the details and card selected, and the
 * SPEC 8 sentence in the red box (docs/web-pay-later.md).
 */
export function PayLaterReturn({
  paymentId,
  result,
}: {
  paymentId: string | null;
  result: ReturnResult | null;
}) {
  const t = useTranslations('PayLaterReturn');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const dispatch = useSetAtom(dispatchCartAtom);
  const [view, setView] = useState<View>(
    paymentId ? { kind: 'confirming', slow: false } : { kind: 'missing' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!paymentId || started.current) return;
    started.current = true;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const since = Date.now();

    const finish = (status: PayLaterStatus) => {
      if (status.status === 'approved') {
        clearPayLaterOrderData();
        // The order exists: what was typed goes, as it does after a card or cash order.
        clearCheckoutDetails();
        endAttempt();
        // The confirmation loads the order through its signed token (docs/order-tracking.md).
        const params = new URLSearchParams(status.trackingToken ? { t: status.trackingToken } : {});
        router.replace(`/checkout/confirmation?${params}`);
        dispatch({ type: 'clear' });
        return;
      }
      const message = outcomeMessage(status, locale);
      // A retry must get a new session (a new Idempotency-Key), not the replay of this one.
      endAttempt();
      if (readPayLaterOrderData(Date.now(), localStorage, paymentId)) {
        leavePayLaterNotice({ message, paymentId, at: Date.now() });
        router.replace('/checkout');
        return;
      }
      // Nothing to refill the checkout with (another device, or long ago): say it here.
      setView({ kind: 'failed', message });
    };

    const ask = async (attempt: number) => {
      // The first call tells the workflow the shopper is back; later ones only read.
      const answer = await payLaterStatus(paymentId, attempt === 0 ? result : null);
      if (cancelled) return;
      if (answer.ok && answer.status.status !== 'pending') return finish(answer.status);
      if (!answer.ok && answer.reason === 'not_found') return setView({ kind: 'notFound' });
      // Pending, or the store did not answer: keep asking, calmly.
      setView({ kind: 'confirming', slow: Date.now() - since > SLOW_AFTER_MS });
      timer = setTimeout(() => void ask(attempt + 1), pollDelayMs(attempt));
    };
    void ask(0);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      started.current = false;
    };
  }, [paymentId, result, locale, router, dispatch]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      {view.kind === 'confirming' ? (
        <>
          <span
            aria-hidden="true"
            className="h-10 w-10 animate-spin rounded-full border-4 border-coffee-200 border-t-coffee-800 motion-reduce:animate-none"
          />
          <h1 className="text-2xl font-bold text-coffee-900">{t('title')}</h1>
          <p role="status" className="text-coffee-800">
            {view.slow ? t('slow') : t('confirming')}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-coffee-900">{t('notPlacedTitle')}</h1>
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {view.kind === 'failed' ? view.message : view.kind === 'missing' ? t('missing') : t('notFound')}
          </div>
          <a
            href="/checkout"
            className="mt-2 rounded-lg bg-coffee-800 px-5 py-2.5 font-semibold text-white hover:bg-coffee-900"
          >
            {t('backToCheckout')}
          </a>
        </>
      )}
    </div>
  );
}
