import { z } from 'zod';
import { MAX_LINE_QUANTITY, ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { storableText, validationText } from '../validation/fields';
import {
  COD_REFUND_METHODS,
  REFUND_METHODS,
  RETURN_NOTE_MAX,
  RETURN_NUMBER_PATTERN,
  RETURN_REASONS,
  RETURN_STAFF_MESSAGE_MAX,
  RETURN_STATUSES,
} from './rules';

/*
 * Returns at the edge (docs/returns.md): the shopper's request under the tracking token, the
 * return as shopper and staff see it, and staff's actions. Amounts are integer fils, computed by
 * the server from the order's VAT columns; the screens only format them.
 */
const t = validationText('en');

export const ReturnReasonSchema = z.enum(RETURN_REASONS).meta({ id: 'ReturnReason' });
export const ReturnStatusSchema = z.enum(RETURN_STATUSES).meta({ id: 'ReturnStatus' });
export const RefundMethodSchema = z.enum(REFUND_METHODS).meta({ id: 'RefundMethod' });
export const CodRefundMethodSchema = z.enum(COD_REFUND_METHODS).meta({ id: 'CodRefundMethod' });

/** A picture the store itself holds: the local upload path or the store's Cloudinary account. */
export const RETURN_PHOTO_PATTERN =
  /^(?:\/api\/uploads\/files\/[a-f0-9]{64}\.(?:jpg|png|webp|avif)|https:\/\/res\.cloudinary\.com\/[A-Za-z0-9_-]{1,100}\/image\/upload\/[A-Za-z0-9_./-]{1,400})$/;

const optionalText = (max: number) =>
  z
    .string()
    .overwrite((v) => storableText(v))
    .trim()
    .max(max, { error: t('validation.tooLong', { max }) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const ReturnNumberParams = z.object({
  number: z.string().regex(RETURN_NUMBER_PATTERN, { error: t('validation.id') }),
});

export const ReturnLineRequest = z.object({
  orderItemId: z.guid({ error: t('validation.id') }),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** `POST /api/orders/track/:token/returns`. */
export const ReturnRequestBody = z
  .object({
    lines: z.array(ReturnLineRequest).max(50),
    reason: ReturnReasonSchema,
    note: optionalText(RETURN_NOTE_MAX),
    /** A picture uploaded first through `POST /api/orders/track/:token/returns/photo`. */
    photoUrl: z.string().max(600).regex(RETURN_PHOTO_PATTERN).optional(),
  })
  .meta({ id: 'ReturnRequestBody' });
export type ReturnRequestBody = z.infer<typeof ReturnRequestBody>;

export const ReturnLineView = z
  .object({
    orderItemId: z.string(),
    name: z.string(),
    nameAr: z.string(),
    variation: z.object({
      weight: z.string().nullable(),
      beans: z.string().nullable(),
      additions: z.string().nullable(),
    }),
    quantity: z.number().int(),
    unitFils: z.number().int(),
    /** What this line gives back (its share of the invoice's line, VAT included). */
    refundFils: z.number().int(),
    /** Staff's call when the goods came back; null before. */
    resaleable: z.boolean().nullable(),
  })
  .meta({ id: 'ReturnLineView' });
export type ReturnLineView = z.infer<typeof ReturnLineView>;

/** A return as the shopper sees it (and the base of staff's view). */
export const ReturnView = z
  .object({
    number: z.string(),
    orderId: z.string(),
    status: ReturnStatusSchema,
    reason: ReturnReasonSchema,
    note: z.string().nullable(),
    photoUrl: z.string().nullable(),
    lines: z.array(ReturnLineView),
    /** Shipping given back (only for DAMAGED and WRONG_ITEM), 0 otherwise. */
    shippingRefundFils: z.number().int(),
    /** Lines plus shipping: what the refund will be (or was). */
    refundFils: z.number().int(),
    /** Where the money went; null until refunded. */
    refundMethod: RefundMethodSchema.nullable(),
    /** Staff's message with the decision (required on rejection). */
    staffMessage: z.string().nullable(),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
    /** Until when the goods may arrive after approval; null before approval. */
    arriveBy: z.string().nullable(),
  })
  .meta({ id: 'ReturnView' });
export type ReturnView = z.infer<typeof ReturnView>;

/** One order line as the return form offers it. */
export const ReturnableLine = z
  .object({
    orderItemId: z.string(),
    name: z.string(),
    nameAr: z.string(),
    variation: ReturnLineView.shape.variation,
    unitFils: z.number().int(),
    ordered: z.number().int(),
    /** Delivered minus already returned or in an open return: the most the form may offer. */
    returnable: z.number().int(),
    /** An open return holds this line: it cannot be asked for again until that one ends. */
    openReturn: z.string().nullable(),
  })
  .meta({ id: 'ReturnableLine' });
export type ReturnableLine = z.infer<typeof ReturnableLine>;

/** `GET /api/orders/track/:token/returns`: the order's returns and what may still be returned. */
export const ShopperReturns = z
  .object({
    returns: z.array(ReturnView),
    /** Whether a new return can be asked for now (delivered, inside the window, something left). */
    canRequest: z.boolean(),
    /** When the 30 days end; null before delivery. */
    deadline: z.string().nullable(),
    lines: z.array(ReturnableLine),
  })
  .meta({ id: 'ShopperReturns' });
export type ShopperReturns = z.infer<typeof ShopperReturns>;

// ---- staff ----

export const AdminReturnListQuery = z.object({
  status: ReturnStatusSchema.optional(),
  /** Only returns asked for at least this many days ago. */
  olderThanDays: z.coerce.number().int().min(0).max(3650).optional(),
  /** One order's returns (the order page's panel). */
  orderId: z
    .string()
    .regex(/^[A-Z]{2}-\d{1,12}$/, { error: t('validation.id') })
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuery>;

export const AdminReturnSummary = z
  .object({
    number: z.string(),
    orderId: z.string(),
    status: ReturnStatusSchema,
    reason: ReturnReasonSchema,
    customerName: z.string(),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    itemCount: z.number().int(),
    refundFils: z.number().int(),
    requestedAt: z.string(),
    /** Whole days since the request. */
    ageDays: z.number().int(),
  })
  .meta({ id: 'AdminReturnSummary' });
export type AdminReturnSummary = z.infer<typeof AdminReturnSummary>;

export const AdminReturnList = z
  .object({ returns: z.array(AdminReturnSummary), total: z.number().int() })
  .meta({ id: 'AdminReturnList' });
export type AdminReturnList = z.infer<typeof AdminReturnList>;

/** The buttons the return's state allows (shown only to staff with orders: edit). */
export const AdminReturnActions = z
  .object({ approve: z.boolean(), reject: z.boolean(), receive: z.boolean(), refund: z.boolean() })
  .meta({ id: 'AdminReturnActions' });

export const AdminReturnDetail = ReturnView.extend({
  order: z.object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    customerName: z.string(),
    customerEmail: z.string(),
    locale: z.string(),
    totalFils: z.number().int(),
  }),
  actions: AdminReturnActions,
  /** The refund as recorded: the provider's id, or the COD reference staff entered. */
  refund: z
    .object({
      reference: z.string(),
      status: z.string(),
      amountFils: z.number().int(),
      providerRefundId: z.string().nullable(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  /** Staff's reference of a COD refund (the transfer's or the credit's). */
  codReference: z.string().nullable(),
  history: z.array(
    z.object({
      status: ReturnStatusSchema,
      at: z.string(),
      byEmail: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
}).meta({ id: 'AdminReturnDetail' });
export type AdminReturnDetail = z.infer<typeof AdminReturnDetail>;

/** Approve: an optional message for the shopper's e-mail. */
export const ApproveReturnBody = z
  .object({ message: optionalText(RETURN_STAFF_MESSAGE_MAX) })
  .meta({ id: 'ApproveReturnBody' });
export type ApproveReturnBody = z.infer<typeof ApproveReturnBody>;

/** Reject: the message to the shopper is required. */
export const RejectReturnBody = z
  .object({
    message: z
      .string({ error: t('validation.required') })
      .overwrite((v) => storableText(v))
      .trim()
      .min(1, { error: t('validation.required') })
      .max(RETURN_STAFF_MESSAGE_MAX, { error: t('validation.tooLong', { max: RETURN_STAFF_MESSAGE_MAX }) }),
  })
  .meta({ id: 'RejectReturnBody' });
export type RejectReturnBody = z.infer<typeof RejectReturnBody>;

/** Receive: for every line of the return, whether it goes back on sale. */
export const ReceiveReturnBody = z
  .object({
    lines: z
      .array(z.object({ orderItemId: z.guid({ error: t('validation.id') }), resaleable: z.boolean() }))
      .min(1)
      .max(50),
  })
  .meta({ id: 'ReceiveReturnBody' });
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBody>;

/**
 * Refund: card and pay-later returns need nothing (the money goes back where it came from);
 * a cash-on-delivery return needs how staff paid it back and that payment's reference.
 */
export const RefundReturnBody = z
  .object({
    method: CodRefundMethodSchema.optional(),
    reference: z
      .string()
      .overwrite((v) => storableText(v))
      .trim()
      .min(1)
      .max(200)
      .optional(),
  })
  .meta({ id: 'RefundReturnBody' });
export type RefundReturnBody = z.infer<typeof RefundReturnBody>;
