import type { Db } from '@qahwa/db';
import type { CheckoutToOrderInput, CheckoutToOrderResult } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ServerTiming } from '../../src/checkout/server-timing';
import { createPaidOrders } from '../../src/payments/paid-order';

/**
 * The browser's order and Stripe's webhook for one payment reach one gateway together (Stripe sends
 * the webhook as it answers Stripe.js): the second joins the first, so Stripe is asked once and one
 * order creation runs, and both answer that order.
 */
const logger = pino({ level: 'silent' });
const log = logger as unknown as FastifyBaseLogger;
const input = (paymentIntentId: string) =>
  ({
    checkoutId: `card-${paymentIntentId}`,
    requestId: 'r',
    order: { paymentIntentId },
  }) as unknown as CheckoutToOrderInput;

function doubles(options: { placeOrder?: () => Promise<CheckoutToOrderResult> } = {}) {
  const calls = { retrieve: 0, placeOrder: 0 };
  const stripe = {
    paymentIntents: {
      async retrieve(id: string) {
        calls.retrieve++;
        await new Promise((r) => setTimeout(r, 20));
        return {
          id,
          status: 'succeeded',
          amount: 5000,
          amount_received: 5000,
          currency: 'aed',
          metadata: {},
          latest_charge: null,
        };
      },
    },
  } as unknown as Stripe;
  const placeOrder = async () => {
    calls.placeOrder++;
    await new Promise((r) => setTimeout(r, 20));
    if (options.placeOrder) return options.placeOrder();
    return { orderId: `order-${calls.placeOrder}`, customerId: 'c', isNewCustomer: true, totalFils: 5000 };
  };
  const paid = createPaidOrders({ db: {} as Db, logger, stripe, placeOrder });
  return { calls, paid };
}

describe('a paid order reaching one gateway twice at once', () => {
  it('asks Stripe once, makes the order once, and answers the same order to both', async () => {
    const { calls, paid } = doubles();
    const [browser, webhook] = await Promise.all([
      paid.placePaid(input('pi_1'), 'en', new ServerTiming(), log),
      paid.placePaid(input('pi_1'), 'ar', new ServerTiming(), log),
    ]);
    expect(calls).toEqual({ retrieve: 1, placeOrder: 1 });
    expect(browser.kind).toBe('ordered');
    expect(webhook).toEqual(browser);
  });

  it('keeps payments apart, and a later request for the same payment runs again (finding the order)', async () => {
    const { calls, paid } = doubles();
    const timing = new ServerTiming();
    await Promise.all([
      paid.placePaid(input('pi_a'), 'en', timing, log),
      paid.placePaid(input('pi_b'), 'en', new ServerTiming(), log),
    ]);
    expect(calls).toEqual({ retrieve: 2, placeOrder: 2 });
    await paid.placePaid(input('pi_a'), 'en', timing, log);
    expect(calls).toEqual({ retrieve: 3, placeOrder: 3 });
    expect(timing.header()).not.toContain('join');
  });

  it('decides again for itself when the first left it to the workflow, rather than sharing that', async () => {
    let first = true;
    const { calls, paid } = doubles({
      placeOrder: async () => {
        if (first) {
          first = false;
          throw Object.assign(new Error('connection terminated'), { code: '57P01' });
        }
        return { orderId: 'order-made', customerId: 'c', isNewCustomer: true, totalFils: 5000 };
      },
    });
    const [a, b] = await Promise.all([
      paid.placePaid(input('pi_x'), 'en', new ServerTiming(), log),
      paid.placePaid(input('pi_x'), 'en', new ServerTiming(), log),
    ]);
    // The database was unavailable to the first, which leaves the checkout to the workflow; the
    // second did not take that answer but tried itself, and made the order.
    expect(a).toEqual({ kind: 'workflow', why: 'unavailable' });
    expect(b.kind).toBe('ordered');
    expect(calls).toEqual({ retrieve: 2, placeOrder: 2 });
  });
});
