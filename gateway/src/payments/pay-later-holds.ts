import { eventIdFor, type TabbyClient } from '@qahwa/checkout/payments';
import type { Db, NewCheckout, SessionContact } from '@qahwa/db';
import {
  eventEnvelope,
  type Locale,
  localize,
  PAY_LATER_PROVIDER_NAME,
  type TabbyRejected,
} from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';

/** Why a session Tabby accepted is not used after all. */
class SessionNotKept extends Error {
  constructor(readonly answer: HttpError) {
    super(answer.message);
  }
}

/**
 * What a pay-later session holds while the shopper is at Tabby (docs/pay-later.md "Holding a
 * coupon" and "Open sessions per contact"): the shopper's place among their open sessions, and a
 * limited coupon's use. Both are taken only once Tabby accepted the session (pre-scoring said
 * `created`), in the transaction that keeps the checkout: a refused session holds nothing, and a
 * session nobody can pay any more (past Tabby's expiry) holds nothing either — its coupon use
 * carries that expiry, and the workers' sweeper gives it back if no workflow ever does.
 */
export function createPayLaterHolds(deps: {
  db: Db;
  repos: Pick<Repositories, 'payLaterSessions' | 'promotions' | 'checkouts' | 'outbox'>;
  tabby: TabbyClient;
  /** Sessions one phone or e-mail may have open at once. */
  maxOpen: number;
  /** Tabby's unpaid-payment expiry: a session older than this cannot be paid. */
  lifetimeMs: number;
}) {
  const { db, tabby, maxOpen, lifetimeMs } = deps;
  const { payLaterSessions: sessions, promotions, checkouts, outbox } = deps.repos;

  const tooMany = (locale: Locale) =>
    new HttpError(
      429,
      'TOO_MANY_PAY_LATER_SESSIONS',
      t('payLaterTooManySessions', locale, { provider: localize(PAY_LATER_PROVIDER_NAME, locale) }),
      {},
      { 'retry-after': String(Math.ceil(lifetimeMs / 1000)) },
    );

  async function overCap(contact: SessionContact, tx: Parameters<typeof sessions.countOpen>[2]) {
    const open = await sessions.countOpen(contact, lifetimeMs, tx);
    return open.byPhone >= maxOpen || open.byEmail >= maxOpen;
  }

  return {
    /** Before asking Tabby: a shopper with too many sessions open is told at once (429). */
    async checkCap(contact: SessionContact, locale: Locale): Promise<void> {
      if (await overCap(contact, db)) throw tooMany(locale);
    },

    /**
     * After Tabby accepted the session: in one transaction, the contact's sessions counted again
     * under its locks (so a burst sent at once cannot all pass), the checkout kept `open`, and a
     * limited coupon's use held until the session's expiry. When the cap was passed meanwhile or
     * the coupon's last use went to someone else, nothing is kept: the payment is closed at Tabby
     * (so the page it made can never be paid), the checkout is recorded `failed` with its
     * TabbyRejected, and the shopper hears why (429, or 409 COUPON_REFUSED).
     */
    async keep(input: {
      checkout: NewCheckout & { id: string; providerPaymentId: string };
      contact: SessionContact;
      limitedPromotionId: string | null;
      locale: Locale;
      requestId: string;
      log: FastifyBaseLogger;
    }): Promise<void> {
      const { checkout, contact, limitedPromotionId, locale, log } = input;
      try {
        await db.transaction(async (tx) => {
          await sessions.lockContact(contact, tx);
          if (await overCap(contact, tx)) throw new SessionNotKept(tooMany(locale));
          await checkouts.insert({ ...checkout, status: 'open' }, tx);
          if (limitedPromotionId) {
            const taken = await promotions.redeem(
              {
                promotionId: limitedPromotionId,
                checkoutId: checkout.id,
                expiresAt: new Date(Date.now() + lifetimeMs),
              },
              tx,
            );
            if (!taken.ok && taken.reason === 'usageLimit') {
              throw new SessionNotKept(new HttpError(409, 'COUPON_REFUSED', t('payLaterCouponGone', locale)));
            }
          }
        });
      } catch (err) {
        if (!(err instanceof SessionNotKept)) throw err;
        const paymentId = checkout.providerPaymentId;
        await tabby.close(paymentId).catch((e: unknown) => {
          // Its page stays payable until Tabby's expiry; the checkout below is final, so a payment
          // made there anyway is never turned into an order (no workflow runs for it).
          log.error({ err: e, paymentId }, 'could not close a pay-later session that is not used');
        });
        await db.transaction(async (tx) => {
          await checkouts.insert({ ...checkout, status: 'failed' }, tx);
          const event: TabbyRejected = eventEnvelope(
            'TabbyRejected',
            { checkoutId: checkout.id, paymentId, outcome: 'failed', amountFils: checkout.totalFils },
            {
              id: eventIdFor(`TabbyRejected:${paymentId}`),
              occurredAt: new Date().toISOString(),
              requestId: input.requestId,
            },
          );
          await outbox.append(event, tx);
        });
        log.info({ paymentId, code: err.answer.code }, 'tabby session accepted but not kept');
        throw err.answer;
      }
    },
  };
}
