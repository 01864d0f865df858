import {
  type EventOf,
  eventEnvelope,
  type PaymentDisputed,
  type PaymentFailed,
  type PaymentRefunded,
} from '@qahwa/schema';
import { eventIdFor } from './event-ids';

/*
 * The card payment events the gateway's webhook, the checkout's activities and staff actions
 * append to the outbox (docs/payments.md), each named by what it reports so that a webhook
 * delivered again, or the same news reaching us two ways, is one event.
 */

type CardEventType = 'PaymentFailed' | 'PaymentRefunded' | 'PaymentDisputed';

/** The envelope: the id is named by `key` (what is reported), so a copy is the same event. */
function cardEvent<T extends CardEventType>(
  type: T,
  key: string,
  requestId: string | undefined,
  data: EventOf<T>['data'],
): EventOf<T> {
  return eventEnvelope(type, data, {
    id: eventIdFor(`${type}:${key}`),
    occurredAt: new Date().toISOString(),
    ...(requestId ? { requestId } : {}),
  });
}

/** A declined or failed card payment, as the webhook reports it (one event per Stripe event id). */
export function paymentFailedEvent(input: {
  stripeEventId: string;
  checkoutId: string;
  paymentIntentId: string;
  amountFils: number;
  currency: string;
  reason: string;
  message?: string | undefined;
  requestId?: string | undefined;
}): PaymentFailed {
  return cardEvent('PaymentFailed', input.stripeEventId, input.requestId, {
    checkoutId: input.checkoutId,
    provider: 'STRIPE',
    paymentId: input.paymentIntentId,
    reason: input.reason,
    ...(input.message ? { message: input.message } : {}),
    amountFils: input.amountFils,
    currency: input.currency.toUpperCase(),
    method: 'card',
  });
}

/**
 * Money went back on a card payment. `key` names what is reported — Stripe's event id, or the
 * charge and its running refunded total — so the same news from two ways is one event.
 */
export function paymentRefundedEvent(input: {
  key: string;
  checkoutId: string;
  paymentId: string;
  amountFils: number;
  refundedFils: number;
  currency: string;
  method?: string | undefined;
  orderId?: string | undefined;
  refundId?: string | undefined;
  requestId?: string | undefined;
}): PaymentRefunded {
  return cardEvent('PaymentRefunded', input.key, input.requestId, {
    checkoutId: input.checkoutId,
    provider: 'STRIPE',
    paymentId: input.paymentId,
    amountFils: input.amountFils,
    refundedFils: input.refundedFils,
    currency: input.currency.toUpperCase(),
    ...(input.method ? { method: input.method } : {}),
    ...(input.orderId ? { orderId: input.orderId } : {}),
    ...(input.refundId ? { refundId: input.refundId } : {}),
  });
}

/** The cardholder disputed a card payment (one event per Stripe dispute). */
export function paymentDisputedEvent(input: {
  disputeId: string;
  checkoutId: string;
  paymentId: string;
  amountFils: number;
  currency: string;
  reason: string;
  orderId?: string | undefined;
  requestId?: string | undefined;
}): PaymentDisputed {
  return cardEvent('PaymentDisputed', input.disputeId, input.requestId, {
    checkoutId: input.checkoutId,
    provider: 'STRIPE',
    paymentId: input.paymentId,
    disputeId: input.disputeId,
    amountFils: input.amountFils,
    currency: input.currency.toUpperCase(),
    reason: input.reason,
    ...(input.orderId ? { orderId: input.orderId } : {}),
  });
}
