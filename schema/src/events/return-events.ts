import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../reference/constants';
import { REFUND_METHODS, RETURN_REASONS } from '../returns/rules';
import { envelope, FilsAmount } from './envelope';

const ReturnLineEvent = z.object({
  orderItemId: z.string(),
  productId: z.string(),
  variationId: z.string(),
  quantity: z.number().int(),
  refundFils: FilsAmount,
});

/** A shopper asked to return some of a delivered order's lines (docs/returns.md). */
export const ReturnRequested = envelope(
  'ReturnRequested',
  z.object({
    returnNumber: z.string(),
    orderId: z.string(),
    reason: z.enum(RETURN_REASONS),
    refundFils: FilsAmount,
    lines: z.array(ReturnLineEvent),
    requestedAt: z.iso.datetime(),
  }),
).meta({ id: 'ReturnRequestedEvent' });
export type ReturnRequested = z.infer<typeof ReturnRequested>;

/** Staff accepted the return: the goods may come back. */
export const ReturnApproved = envelope(
  'ReturnApproved',
  z.object({ returnNumber: z.string(), orderId: z.string(), approvedAt: z.iso.datetime() }),
).meta({ id: 'ReturnApprovedEvent' });
export type ReturnApproved = z.infer<typeof ReturnApproved>;

/**
 * An order's money went back, once (its refunds row committed with this event): a return's
 * refund, or the whole of a paid order staff cancelled. The dashboard takes the amount off the
 * order's day and the lines off the products' sales (docs/dashboard.md, "Net of refunds").
 */
export const RefundIssued = envelope(
  'RefundIssued',
  z.object({
    /** The return refunded; null for a cancelled order's refund (every line, and the shipping). */
    returnNumber: z.string().nullable(),
    orderId: z.string(),
    /** The order's day as the dashboard counts it (the order's placing). */
    orderPlacedAt: z.iso.datetime(),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    method: z.enum(REFUND_METHODS),
    amountFils: FilsAmount,
    shippingFils: FilsAmount,
    lines: z.array(ReturnLineEvent),
    refundedAt: z.iso.datetime(),
  }),
).meta({ id: 'RefundIssuedEvent' });
export type RefundIssued = z.infer<typeof RefundIssued>;
