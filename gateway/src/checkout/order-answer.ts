import type { CreateOrderRequest, CreateOrderResponse, Locale } from '@qahwa/schema';
import { type CheckoutToOrderResult, toAed } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { ServerTiming } from './server-timing';

/** What a 503 tells the browser to wait before trying again: Temporal restarts in seconds. */
const RETRY_AFTER_SECONDS = 15;

/**
 * The answer of an order made, or found again for a replayed key: the same fields either way.
 * Nothing about the customer record (whether the e-mail bought before, its id): anyone may post
 * an order with anyone's e-mail, so that would tell a stranger who shops here (docs/checkout.md).
 */
export const orderAnswer = (o: Pick<CheckoutToOrderResult, 'orderId' | 'totalFils'>) =>
  ({
    success: true,
    orderId: o.orderId,
    totalAmount: toAed(o.totalFils),
  }) satisfies CreateOrderResponse;

/** Nothing was ordered and trying again will not order twice: 503 with Retry-After. */
export const checkoutUnavailable = (locale: Locale) =>
  new HttpError(
    503,
    'CHECKOUT_UNAVAILABLE',
    t('checkoutUnavailable', locale),
    {},
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

/** What came of an order request: the order (made now or before), or a card checkout still running. */
export type TakenOrder =
  | { kind: 'ordered'; answer: CreateOrderResponse }
  | { kind: 'stillProcessing'; answer: CreateOrderResponse };

export interface OrderRequest {
  body: CreateOrderRequest;
  locale: Locale;
  idempotencyKey: string | undefined;
  requestId: string;
  log: FastifyBaseLogger;
  /** Where the time went, for the answer's Server-Timing header. */
  timing: ServerTiming;
}
