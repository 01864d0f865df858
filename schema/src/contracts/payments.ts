import { z } from 'zod';
import { PAY_LATER_PROVIDER } from '../payments/payment-method';
import { PaymentIntentId } from './ids';
import { CheckoutClaim } from './orders';

/** How the shopper pays through Stripe: the card field or a wallet button (Apple Pay, Google Pay). */
export const CARD_PAYMENT_METHODS = ['card', 'wallet'] as const;
export type CardPaymentMethod = (typeof CARD_PAYMENT_METHODS)[number];

/**
 * SPEC 7 POST /api/create-payment-intent. `amount` is the browser's total in AED: a claim; the
 * intent is for the server's total. `paymentIntentId`: the intent this checkout already has,
 * updated instead of a new one when the amount, the details or the method change.
 */
export const PaymentIntentRequest = CheckoutClaim.extend({
  amount: z.number().positive(),
  currency: z.literal('aed'),
  paymentIntentId: PaymentIntentId().optional(),
  paymentMethod: z.enum(CARD_PAYMENT_METHODS).optional(),
}).meta({ id: 'PaymentIntentRequest' });
export type PaymentIntentRequest = z.infer<typeof PaymentIntentRequest>;

export const PaymentIntentResponse = z
  .object({
    clientSecret: z.string().optional(),
    paymentIntentId: z.string().optional(),
    /** The server's total in AED: what the intent charges and the Pay button should say. */
    totalAmount: z.number().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'PaymentIntentResponse' });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

/** SPEC 7 POST /api/payments/tabby: the instalment provider's session. */
export const PayLaterSessionRequest = CheckoutClaim.extend({
  amount: z.number().positive(),
  currency: z.literal('AED'),
}).meta({ id: 'PayLaterSessionRequest' });
export type PayLaterSessionRequest = z.infer<typeof PayLaterSessionRequest>;

export const PayLaterSessionResponse = z
  .object({
    success: z.boolean(),
    checkout_url: z.string().optional(),
    payment_id: z.string().optional(),
    error: z.string().optional(),
    /** The SPEC 8 outcome when the provider refused, so the browser can show its sentence. */
    outcome: z.string().optional(),
  })
  .meta({ id: 'PayLaterSessionResponse' });
export type PayLaterSessionResponse = z.infer<typeof PayLaterSessionResponse>;

/** SPEC 3: the pay-later order data kept in the browser until the shopper returns. */
export const PayLaterOrderData = CheckoutClaim.extend({
  totalAmount: z.number(),
  paymentProvider: z.literal(PAY_LATER_PROVIDER),
  timestamp: z.number().int(),
  sessionId: z.string(),
}).meta({ id: 'PayLaterOrderData' });
export type PayLaterOrderData = z.infer<typeof PayLaterOrderData>;

/** Tabby's payment id as it comes back in `?payment_id=…` (a uuid at Tabby; checked for shape only). */
// No `.meta({ id })` on path parameters: @fastify/swagger cannot resolve a $ref'd params schema
// (GET /openapi.json answered 500, so the fuzz step could not even load the document).
export const TabbyPaymentIdParams = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/) });

/** The shopper came back from Tabby's page: which merchant URL brought them (docs/pay-later.md). */
export const PayLaterReturnRequest = z
  .object({ result: z.enum(['success', 'cancel', 'failure']) })
  .meta({ id: 'PayLaterReturnRequest' });
export type PayLaterReturnRequest = z.infer<typeof PayLaterReturnRequest>;

/**
 * Where a pay-later checkout stands, as the return page shows it. `approved`: the order exists;
 * `pending`: ask again; every other status carries the SPEC 8 `message` in the shopper's language.
 * Nothing tells whether the e-mail had bought before (`isNewCustomer`, dropped like the order
 * answer's: docs/checkout.md "The order answer").
 */
export const PayLaterStatusResponse = z
  .object({
    status: z.enum(['approved', 'pending', 'cancelled', 'rejected', 'expired', 'failed']),
    orderId: z.string().optional(),
    orderNumber: z.string().optional(),
    /**
     * With `approved`: the order's signed tracking token (docs/order-tracking.md), for the
     * confirmation page that loads the order through it — as the order answer carries it.
     */
    trackingToken: z.string().optional(),
    reason: z
      .enum([
        'cancelled',
        'rejected',
        'not_available',
        'order_amount_too_high',
        'order_amount_too_low',
        'expired',
      ])
      .optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'PayLaterStatusResponse' });
export type PayLaterStatusResponse = z.infer<typeof PayLaterStatusResponse>;

/** Tabby's webhook body (TABBY.md), read only for the payment id: the workflow asks Tabby for the truth. */
export const TabbyWebhookBody = z
  .object({
    id: z.string().min(1).max(100),
    status: z.string().max(40).optional(),
  })
  .passthrough()
  .meta({ id: 'TabbyWebhookBody' });
export type TabbyWebhookBody = z.infer<typeof TabbyWebhookBody>;
