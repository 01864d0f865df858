import { createHash, randomUUID } from 'node:crypto';
import { eventIdFor, isTabbyError, type TabbyClient, type TabbySession } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import {
  contactOf,
  eventEnvelope,
  type Locale,
  type PayLaterRange,
  type PayLaterSessionRequest,
  type PayLaterSessionResponse,
  payLaterAmountOutcome,
  payLaterOutcomeFrom,
  payLaterOutcomeMessage,
  type TabbyRejected,
} from '@qahwa/schema';
import { isPayLaterUnavailable, startPayLater } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from '../config';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { quoteCheckout } from './card-checkout';
import { releaseCardHoldsOfCart } from './cart-holds';
import { sessionFailedMessage } from './pay-later-answer';
import { createPayLaterHolds } from './pay-later-holds';
import { type PayLaterStoredRequest, payLaterInputOf, sessionRequestOf } from './pay-later-inputs';

const REFUSAL_CODE = {
  not_available: 'PAY_LATER_NOT_AVAILABLE',
  amount_too_high: 'PAY_LATER_AMOUNT_TOO_HIGH',
  amount_too_low: 'PAY_LATER_AMOUNT_TOO_LOW',
} as const;

export interface PayLaterSessionDeps {
  db: Db;
  tabby: TabbyClient;
  temporal: Client;
  repos: Pick<Repositories, 'checkouts' | 'promotions' | 'outbox' | 'payLaterSessions'>;
  config: Pick<GatewayConfig, 'payLater' | 'checkoutTaskQueue'>;
}

export interface PayLaterSessionAsk {
  body: PayLaterSessionRequest;
  locale: Locale;
  idempotencyKey: string | undefined;
  requestId: string;
  log: FastifyBaseLogger;
  /** The store's pay-later range, read once the order is priced (SPEC 4 / 9). */
  payLaterRange: () => Promise<PayLaterRange>;
}

/**
 * Opening a pay-later session at Tabby (SPEC 7 POST /api/payments/tabby, docs/pay-later.md): the
 * order priced on the server and held to the store's range, a keyed retry answered with the
 * session already made, the cap on open sessions per contact, the session asked of Tabby; a
 * session pre-scoring refused is kept `rejected` with its TabbyRejected event, an accepted one
 * keeps its holds (the contact's place, a limited coupon's use) and starts the
 * payLaterReconciliation workflow. Refusals are thrown as HttpError in the shopper's language.
 */
export function createPayLaterSessions({ db, tabby, temporal, repos, config }: PayLaterSessionDeps) {
  const { checkouts, promotions, outbox } = repos;
  const holds = createPayLaterHolds({
    db,
    repos,
    tabby,
    maxOpen: config.payLater.maxOpenSessionsPerContact,
    lifetimeMs: config.payLater.timing.expiryMs,
  });
  const clientOpts = { taskQueue: config.checkoutTaskQueue };
  const timing = config.payLater.timing;

  async function open(ask: PayLaterSessionAsk): Promise<PayLaterSessionResponse> {
    const { amount, currency: _currency, ...claim } = ask.body;
    const { locale, requestId } = ask;
    const key = ask.idempotencyKey;
    const refuse = (outcome: keyof typeof REFUSAL_CODE) =>
      new HttpError(422, REFUSAL_CODE[outcome], payLaterOutcomeMessage(outcome, locale));

    // The card form came first on the payment step, and its intent may hold this cart's bags.
    await releaseCardHoldsOfCart(db, claim.checkoutKey, requestId, ask.log);
    let priced: Awaited<ReturnType<typeof quoteCheckout>>;
    try {
      priced = await quoteCheckout(db, claim, locale);
    } catch (err) {
      // The card's minimum (2 AED) is Stripe's; under it, pay later's own "too low" applies.
      if (err instanceof HttpError && err.code === 'PAYMENT_TOO_SMALL') throw refuse('amount_too_low');
      throw err;
    }
    const claimedFils = Math.round(amount * 100);
    if (claimedFils !== priced.totalFils) {
      ask.log.info(
        { claimedFils, totalFils: priced.totalFils },
        'claimed amount differs; the session is for the server total',
      );
    }
    // SPEC 4 / 9: the store's range (1–5000 AED unless staff narrowed it), on the server's total.
    const outOfRange = payLaterAmountOutcome(priced.totalFils, await ask.payLaterRange());
    if (outOfRange === 'amount_too_high' || outOfRange === 'amount_too_low') throw refuse(outOfRange);

    // A retry of this very request (same key, same order) answers the session already made.
    const fingerprint = createHash('sha256').update(JSON.stringify(claim)).digest('hex');
    const keyed = key
      ? `tabby-${createHash('sha256').update(`${key}:${fingerprint}`).digest('hex').slice(0, 40)}`
      : null;
    if (keyed) {
      const existing = await checkouts.byId(keyed);
      const stored = existing?.request as PayLaterStoredRequest | undefined;
      if (existing && existing.status === 'open' && stored?.session.webUrl && existing.providerPaymentId) {
        return {
          success: true,
          checkout_url: stored.session.webUrl,
          payment_id: existing.providerPaymentId,
        };
      }
    }
    const checkoutId = keyed && !(await checkouts.byId(keyed)) ? keyed : `tabby-${randomUUID()}`;
    const log = ask.log.child({ checkoutId });
    const contact = contactOf(claim.customerInfo);
    await holds.checkCap(contact, locale);
    // A limited code's use is held only once Tabby accepts the session (below); a code already
    // used up was refused by the quote above.
    const code = claim.appliedCoupon?.code?.trim();
    const promotion = code ? await promotions.byCode(code) : null;

    let session: TabbySession;
    try {
      session = await tabby.createSession(
        sessionRequestOf({
          claim,
          priced,
          checkoutId,
          locale,
          storefrontUrl: config.payLater.storefrontUrl,
        }),
      );
    } catch (err) {
      if (isTabbyError(err)) {
        log.error({ err, status: err.status }, 'tabby session could not be created');
        throw new HttpError(
          err.retryable ? 503 : 502,
          'PAY_LATER_UNAVAILABLE',
          sessionFailedMessage(locale),
          {},
          err.retryable ? { 'retry-after': '5' } : {},
        );
      }
      throw err;
    }
    const stored = {
      request: {
        ...claim,
        session: { id: session.id, webUrl: session.webUrl },
        idempotencyKey: key ?? null,
        contact: { email: contact.email, phone: contact.phone },
      } satisfies PayLaterStoredRequest,
      pricing: priced,
      totalFils: priced.totalFils,
      locale,
      requestId,
    };

    // Pre-scoring said no: nothing to wait for, nothing held. The checkout is kept (rejected) for the read model.
    if (!session.isAvailable || !session.webUrl) {
      const outcome = payLaterOutcomeFrom({ reason: session.rejectionReason ?? 'not_available' });
      await db.transaction(async (tx) => {
        await checkouts.insert(
          {
            id: checkoutId,
            provider: 'TABBY',
            providerPaymentId: session.paymentId,
            status: 'rejected',
            currency: 'AED',
            ...stored,
          },
          tx,
        );
        const event: TabbyRejected = eventEnvelope(
          'TabbyRejected',
          { checkoutId, paymentId: session.paymentId, outcome, amountFils: priced.totalFils },
          {
            id: eventIdFor(`TabbyRejected:${session.paymentId}`),
            occurredAt: new Date().toISOString(),
            requestId,
          },
        );
        await outbox.append(event, tx);
      });
      log.info(
        { paymentId: session.paymentId, reason: session.rejectionReason },
        'tabby pre-scoring rejected the session',
      );
      const code = outcome === 'amount_too_high' || outcome === 'amount_too_low' ? outcome : 'not_available';
      throw refuse(code);
    }

    await holds.keep({
      checkout: {
        id: checkoutId,
        provider: 'TABBY',
        providerPaymentId: session.paymentId,
        currency: 'AED',
        ...stored,
      },
      contact,
      limitedPromotionId: promotion && promotion.maxUses !== null ? promotion.id : null,
      locale,
      requestId,
      log,
    });
    const row = await checkouts.byId(checkoutId);
    try {
      await startPayLater(temporal, payLaterInputOf(row!, timing), clientOpts);
    } catch (err) {
      // The session stands: the webhook or the shopper's return starts the workflow later
      // (signal-with-start from the stored checkout). Until then nothing can go wrong: no
      // money is taken without the workflow, and a coupon use it holds ends with the session.
      if (!isPayLaterUnavailable(err)) throw err;
      log.error({ err }, 'pay-later workflow not started (Temporal unreachable); the return or webhook will');
    }
    log.info({ paymentId: session.paymentId, totalFils: priced.totalFils }, 'tabby session created');
    return { success: true, checkout_url: session.webUrl, payment_id: session.paymentId };
  }

  return { open };
}
