import type { CheckoutPricing } from '@qahwa/checkout';
import { newCheckoutId } from '@qahwa/checkout/payments';
import { createCheckoutsRepository, createStockRepository, type Db, type Tx } from '@qahwa/db';
import { type Locale, type PaymentIntentRequest, type PaymentIntentResponse, toAed } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { outOfStockError } from '../checkout/refusals';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { alreadyOrderedError, closedCheckoutError, quoteCheckout } from './card-checkout';

/** Stripe could not be reached or failed on its side: the shopper may retry or pay otherwise. */
function providerError(err: unknown, locale: Locale): HttpError | null {
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new HttpError(
      503,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      t('paymentProviderUnavailable', locale),
      {},
      {
        'retry-after': '5',
      },
    );
  }
  return null;
}

const isUnexpectedState = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state';

export interface CardIntentDeps {
  db: Db;
  stripe: Stripe | undefined;
  repos: Pick<Repositories, 'checkouts'>;
  /** How long the checkout's stock is held from the intent's last change (CARD_STOCK_HOLD_MINUTES). */
  holdMs: number;
}

export interface CardIntentAsk {
  body: PaymentIntentRequest;
  locale: Locale;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * The card or wallet payment intent for a checkout (SPEC 7 POST /api/create-payment-intent,
 * docs/payments.md): the order priced on the server, the claim and the pricing kept in
 * `checkouts` (so the webhook alone can make the order), and the browser's intent updated in
 * place, or a new one made when there is none or it belongs to nothing open. The checkout's stock
 * is held from here (docs/payments.md "Stock held for a card payment"), in the transaction that
 * keeps the checkout. Refusals are thrown as HttpError in the shopper's language.
 */
export function createCardIntents({ db, stripe, repos, holdMs }: CardIntentDeps) {
  const { checkouts } = repos;

  /**
   * The checkout holds its lines for `holdMs` (a hold it had is given back in the same statement):
   * taken only where enough is left, else OUT_OF_STOCK and the caller's transaction rolls back.
   */
  async function holdStock(tx: Tx, checkoutId: string, priced: CheckoutPricing, ask: CardIntentAsk) {
    const short = await createStockRepository(tx).hold(
      checkoutId,
      priced.lines,
      new Date(Date.now() + holdMs),
      ask.requestId,
      tx,
    );
    const [first] = short;
    if (!first) return;
    const line = priced.lines.find((l) => l.variationId === first.variationId);
    const name = (ask.locale === 'ar' ? line?.nameAr : line?.name) ?? '';
    throw outOfStockError(first.available, name, ask.locale);
  }

  async function prepare(ask: CardIntentAsk): Promise<PaymentIntentResponse> {
    const { amount, currency: _currency, paymentIntentId, paymentMethod, checkoutKey, ...claim } = ask.body;
    const { locale, requestId, log } = ask;
    if (!stripe)
      throw new HttpError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', t('paymentProviderUnavailable', locale));
    if (checkoutKey) {
      // This cart was already paid for and ordered (another tab, or back after paying): no form
      // to pay again with (docs/payments.md "One checkout, one payment").
      const ordered = await checkouts.orderedWithKey(checkoutKey);
      if (ordered) {
        log.info(
          { checkoutId: ordered.checkoutId, orderId: ordered.orderId },
          'cart already ordered; no intent',
        );
        throw alreadyOrderedError(ordered.orderId, locale);
      }
    }
    const row = paymentIntentId ? await checkouts.byPaymentId(paymentIntentId) : null;
    if (row && row.status !== 'open') {
      // Refunded, disputed or settled by staff: say so, not "your order is being placed".
      throw (
        closedCheckoutError(row.status, locale) ??
        new HttpError(409, 'PAYMENT_ALREADY_MADE', t('paymentAlreadyMade', locale))
      );
    }
    // The checkout's own hold is its stock: changing the address must not lose it the last bag.
    const priced = await quoteCheckout(db, claim, locale, row?.id);
    const totalFils = priced.totalFils;
    // Only logged: a claim is never used, and an absurd one must not fail the request.
    const claimedFils = Math.round(amount * 100);
    if (claimedFils !== totalFils) {
      log.info({ claimedFils, totalFils }, 'claimed amount differs; the intent is for the server total');
    }
    const stored = {
      request: { ...claim, paymentMethod: paymentMethod ?? 'card' },
      pricing: priced,
      totalFils,
      locale,
      requestId,
    };
    const answer = (intent: Stripe.PaymentIntent) => ({
      clientSecret: intent.client_secret ?? undefined,
      paymentIntentId: intent.id,
      totalAmount: toAed(totalFils),
    });
    try {
      if (row && paymentIntentId) {
        // Stripe first: an intent paid meanwhile is refused there, before its checkout changes.
        const intent = await stripe.paymentIntents.update(paymentIntentId, {
          amount: totalFils,
          metadata: { checkoutId: row.id, requestId },
        });
        try {
          await db.transaction(async (tx) => {
            const locked = await createCheckoutsRepository(tx).lockByPaymentId(paymentIntentId, tx);
            if (locked?.status !== 'open') {
              throw (
                closedCheckoutError(locked?.status ?? '', locale) ??
                new HttpError(409, 'PAYMENT_ALREADY_MADE', t('paymentAlreadyMade', locale))
              );
            }
            await holdStock(tx, row.id, priced, ask);
            await checkouts.reprice(row.id, stored, tx);
          });
        } catch (err) {
          // The stock went to another shopper in the instant since the quote: the checkout keeps
          // its price and its hold, and the intent its amount, so what can be paid is what is held.
          if (err instanceof HttpError && err.code === 'OUT_OF_STOCK') {
            await stripe.paymentIntents
              .update(paymentIntentId, { amount: row.totalFils })
              .catch((e: unknown) =>
                log.warn({ err: e }, 'intent amount not restored after a stock refusal'),
              );
          }
          throw err;
        }
        log.info({ checkoutId: row.id, paymentIntentId, totalFils }, 'payment intent updated');
        return answer(intent);
      }
      // No intent, or one we do not know (another browser's, a stale tab after a reset): a new one.
      const checkoutId = newCheckoutId();
      const intent = await stripe.paymentIntents.create(
        {
          amount: totalFils,
          currency: 'aed',
          automatic_payment_methods: { enabled: true },
          metadata: { checkoutId, requestId },
          receipt_email: claim.customerInfo.email,
        },
        // A retry of this very call (network) must not make a second intent.
        { idempotencyKey: `create-${checkoutId}` },
      );
      // Refused here (the last bag went in the instant since the quote), the intent is never
      // answered to the browser: nothing can pay it, and no checkout names it.
      await db.transaction(async (tx) => {
        await checkouts.insert(
          {
            id: checkoutId,
            provider: 'STRIPE',
            providerPaymentId: intent.id,
            status: 'open',
            currency: 'AED',
            checkoutKey: checkoutKey ?? null,
            ...stored,
          },
          tx,
        );
        await holdStock(tx, checkoutId, priced, ask);
      });
      log.info({ checkoutId, paymentIntentId: intent.id, totalFils }, 'payment intent created');
      return answer(intent);
    } catch (err) {
      if (isUnexpectedState(err)) {
        throw new HttpError(409, 'PAYMENT_ALREADY_MADE', t('paymentAlreadyMade', locale));
      }
      const unavailable = providerError(err, locale);
      if (unavailable) {
        log.error({ err }, 'stripe unavailable');
        throw unavailable;
      }
      throw err;
    }
  }

  return { prepare };
}
