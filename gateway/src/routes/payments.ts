import { ErrorBody, type Locale, PaymentIntentRequest, PaymentIntentResponse, toAed } from '@qahwa/schema';
import { newCheckoutId } from '@qahwa/workflows/payments/stripe';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { localeOf, t } from '../i18n/messages';
import { closedCheckoutError, quoteCheckout } from '../payments/card-checkout';
import { HttpError } from '../platform/errors';

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

/**
 * SPEC 7 POST /api/create-payment-intent. The amount is the server's total (`priceCheckout`, the
 * one pricing of every order) in fils, which is the AED total × 100 rounded (SPEC 9); the
 * browser's `amount` is a claim, logged when it differs. The claim and the pricing are kept in
 * `checkouts` so that the webhook alone can make the order. The browser sends back the
 * `paymentIntentId` it holds whenever the amount, the details or the method change: that
 * intent is updated in place (a new one only if there is none, or it belongs to nothing open).
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  const stripe = app.deps.stripe;
  const checkouts = app.repos.checkouts;

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/create-payment-intent',
    {
      schema: {
        body: PaymentIntentRequest,
        response: { 200: PaymentIntentResponse, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody },
      },
      config: { access: 'public', rateLimit: config.rateLimits.orders },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { amount, currency: _currency, paymentIntentId, paymentMethod, ...claim } = req.body;
      const locale: Locale = claim.locale ?? localeOf(req.headers);
      if (!stripe)
        throw new HttpError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', t('paymentProviderUnavailable', locale));
      const priced = await quoteCheckout(db, claim, locale);
      const totalFils = priced.totalFils;
      // Only logged: a claim is never used, and an absurd one must not fail the request.
      const claimedFils = Math.round(amount * 100);
      if (claimedFils !== totalFils) {
        req.log.info(
          { claimedFils, totalFils },
          'claimed amount differs; the intent is for the server total',
        );
      }
      const stored = {
        request: { ...claim, paymentMethod: paymentMethod ?? 'card' },
        pricing: priced,
        totalFils,
        locale,
        requestId: req.id,
      };
      const answer = (intent: Stripe.PaymentIntent) => ({
        clientSecret: intent.client_secret ?? undefined,
        paymentIntentId: intent.id,
        totalAmount: toAed(totalFils),
      });
      try {
        if (paymentIntentId) {
          const row = await checkouts.byPaymentId(paymentIntentId);
          if (row && row.status !== 'open') {
            // Refunded, disputed or settled by staff: say so, not "your order is being placed".
            throw (
              closedCheckoutError(row.status, locale) ??
              new HttpError(409, 'PAYMENT_ALREADY_MADE', t('paymentAlreadyMade', locale))
            );
          }
          if (row) {
            const intent = await stripe.paymentIntents.update(paymentIntentId, {
              amount: totalFils,
              metadata: { checkoutId: row.id, requestId: req.id },
            });
            await checkouts.reprice(row.id, stored);
            req.log.info({ checkoutId: row.id, paymentIntentId, totalFils }, 'payment intent updated');
            return answer(intent);
          }
          // An intent we do not know (another browser's, a stale tab after a reset): a new one.
        }
        const checkoutId = newCheckoutId();
        const intent = await stripe.paymentIntents.create(
          {
            amount: totalFils,
            currency: 'aed',
            automatic_payment_methods: { enabled: true },
            metadata: { checkoutId, requestId: req.id },
            receipt_email: claim.customerInfo.email,
          },
          // A retry of this very call (network) must not make a second intent.
          { idempotencyKey: `create-${checkoutId}` },
        );
        await checkouts.insert({
          id: checkoutId,
          provider: 'STRIPE',
          providerPaymentId: intent.id,
          status: 'open',
          currency: 'AED',
          ...stored,
        });
        req.log.info({ checkoutId, paymentIntentId: intent.id, totalFils }, 'payment intent created');
        return answer(intent);
      } catch (err) {
        if (isUnexpectedState(err)) {
          throw new HttpError(409, 'PAYMENT_ALREADY_MADE', t('paymentAlreadyMade', locale));
        }
        const unavailable = providerError(err, locale);
        if (unavailable) {
          req.log.error({ err }, 'stripe unavailable');
          throw unavailable;
        }
        throw err;
      }
    },
  );
}
