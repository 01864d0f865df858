import { z } from 'zod';
import { ATTENTION_KINDS, PAYMENT_RECORD_METHODS } from '../payments/attention';
import { PAYMENT_PROVIDERS } from '../reference/constants';
import { storableText, validationText } from '../validation/fields';

/*
 * The back office's payments screen (issue 12, docs/payments-logs.md): every payment of the
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

export const AdminPaymentDetail = AdminPayment.extend({
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
