import { z } from 'zod';
import { ATTENTION_KINDS, PAYMENT_RECORD_METHODS } from '../payments/attention';
import { PAYMENT_PROVIDERS } from '../reference/constants';
import { storableText, validationText } from '../validation/fields';

/*
 * The back office's payments screen (docs/payments-logs.md): every payment of the
 * payments read model, filtered, and one payment with its refunds, its webhooks and its order.
 * Amounts are integer fils, formatted by the screen in its language.
 */
const t = validationText('en');
const day = z.iso.date({ error: t('validation.id') });

/** A read-model status as the flows write it (succeeded, failed, pending, collected, rejected…). */
const statusText = z.string().regex(/^[a-z_]{1,40}$/, { error: t('validation.id') });

export const AdminPaymentFilter = z.object({
  /** An order number (QH-100042 or 100042), or a provider reference (pi_…, a Tabby id, cod-QH-…) or part of one. */
  q: z
    .string()
    .overwrite((v) => storableText(v))
    .trim()
    .max(120)
    .optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  method: z.enum(PAYMENT_RECORD_METHODS).optional(),
  status: statusText.optional(),
  /** Only payments that need staff ('true'), or only those that do not ('false'). */
  attention: z.enum(['true', 'false']).optional(),
  /** One kind of attention; implies attention=true. */
  reason: z.enum(ATTENTION_KINDS).optional(),
  /** Gulf calendar days (Asia/Dubai) of the payment's first record, both ends included. */
  from: day.optional(),
  to: day.optional(),
});
// No `.meta({ id })` on querystrings: @fastify/swagger cannot resolve a named one (see admin-orders).
export type AdminPaymentFilter = z.infer<typeof AdminPaymentFilter>;

export const AdminPaymentListQuery = AdminPaymentFilter.extend({
  limit: z.coerce.number().int().min(1).max(200).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const AdminPaymentAttention = z
  .object({ kind: z.enum(ATTENTION_KINDS), reason: z.string().nullable() })
  .meta({ id: 'AdminPaymentAttention' });

export const AdminPayment = z
  .object({
    id: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    method: z.string(),
    status: z.string(),
    amountFils: z.number().int(),
    refundedFils: z.number().int(),
    currency: z.string(),
    orderId: z.string().nullable(),
    checkoutId: z.string().nullable(),
    attention: AdminPaymentAttention.nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof AdminPayment>;

export const AdminPaymentList = z
  .object({
    payments: z.array(AdminPayment),
    total: z.number().int(),
    /** Payments needing staff, whatever the filter: the screen's badge. */
    attentionCount: z.number().int(),
  })
  .meta({ id: 'AdminPaymentList' });
export type AdminPaymentList = z.infer<typeof AdminPaymentList>;

export const AdminPaymentIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_:.-]{1,200}$/, { error: t('validation.id') }),
});

/**
 * What staff may do with a flagged card payment that made no order (docs/payments.md "Staff
 * actions"), as the server decides it from the checkout's state; the screen shows a button only
 * where it says true (and only to staff with payments: edit).
 */
export const AdminPaymentActions = z
  .object({
    /** Give back to the card what is left of the payment; the checkout is closed `refunded`. */
    refund: z.boolean(),
    /** Place the stored checkout's order with this payment, or mark it resolved another way. */
    complete: z.boolean(),
  })
  .meta({ id: 'AdminPaymentActions' });
export type AdminPaymentActions = z.infer<typeof AdminPaymentActions>;

export const AdminPaymentDetail = AdminPayment.extend({
  /** The checkout's state (open, needs_attention, ordered, refunded, failed, resolved_by_staff…), null without one. */
  checkoutStatus: z.string().nullable(),
  actions: AdminPaymentActions,
  refunds: z.array(
    z.object({
      reference: z.string(),
      amountFils: z.number().int(),
      status: z.string(),
      providerRefundId: z.string().nullable(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The provider's webhook deliveries about this payment (none: "webhook never came"). */
  webhooks: z.array(
    z.object({ id: z.string(), type: z.string(), receivedAt: z.string(), deliveries: z.number().int() }),
  ),
  order: z
    .object({
      id: z.string(),
      status: z.string(),
      customerName: z.string(),
      totalFils: z.number().int(),
      createdAt: z.string(),
    })
    .nullable(),
}).meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetail>;

/** A note staff leave with an action, kept in the audit log: text PostgreSQL can store. */
const actionNote = z
  .string()
  .overwrite((v) => storableText(v))
  .trim();

/** POST /api/admin/payments/:id/refund. */
export const AdminPaymentRefundBody = z
  .object({ note: actionNote.max(500).optional() })
  .meta({ id: 'AdminPaymentRefundBody' });
export type AdminPaymentRefundBody = z.infer<typeof AdminPaymentRefundBody>;

export const AdminPaymentRefunded = z
  .object({
    paymentId: z.string(),
    checkoutStatus: z.literal('refunded'),
    /** What has gone back to the card in all (fils). */
    refundedFils: z.number().int(),
    /** Stripe's refund (re_…); null when the money had already gone back another way (Stripe's dashboard). */
    refundId: z.string().nullable(),
    /** True when nothing was done now: a repeat of a refund already made (a double click, a retry). */
    already: z.boolean(),
  })
  .meta({ id: 'AdminPaymentRefunded' });
export type AdminPaymentRefunded = z.infer<typeof AdminPaymentRefunded>;

/**
 * POST /api/admin/payments/:id/complete: `order` places the stored checkout's order with the
 * payment (the same order creation as every order); `resolved_by_staff` records that staff
 * filled it another way and keep the money, and says how (required).
 */
export const AdminPaymentCompleteBody = z
  .discriminatedUnion('resolution', [
    z.object({ resolution: z.literal('order'), note: actionNote.max(500).optional() }),
    z.object({
      resolution: z.literal('resolved_by_staff'),
      note: actionNote.min(3, { error: t('validation.required') }).max(500),
    }),
  ])
  .meta({ id: 'AdminPaymentCompleteBody' });
export type AdminPaymentCompleteBody = z.infer<typeof AdminPaymentCompleteBody>;

export const AdminPaymentCompleted = z
  .object({
    paymentId: z.string(),
    checkoutStatus: z.enum(['ordered', 'resolved_by_staff']),
    /** The order made (QH-…), null when resolved another way. */
    orderId: z.string().nullable(),
    /** True when nothing was done now: a repeat (a double click, a retry). */
    already: z.boolean(),
  })
  .meta({ id: 'AdminPaymentCompleted' });
export type AdminPaymentCompleted = z.infer<typeof AdminPaymentCompleted>;
