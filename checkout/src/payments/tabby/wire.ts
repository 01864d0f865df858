import { type Fils, filsToDecimalString, toFils } from '@qahwa/schema';
import { z } from 'zod';
import type {
  TabbyCaptureRequest,
  TabbyItem,
  TabbyMovement,
  TabbyPayment,
  TabbyRefundRequest,
  TabbySession,
  TabbySessionRequest,
} from './types';

/**
 * Tabby's wire format, both ways (TABBY.md names every field): the request bodies the client sends
 * (snake_case, amounts as "100.00") and the zod readers of Tabby's answers, mapped to the client's
 * own types in integer fils. The one place a Tabby amount is formatted or parsed.
 */

const PaymentStatus = z.enum(['CREATED', 'AUTHORIZED', 'CLOSED', 'REJECTED', 'EXPIRED']);

// Lenient on what Tabby adds, strict on what we act on: an unknown payment status must fail loudly.
const MovementWire = z.object({
  id: z.string(),
  amount: z.string(),
  reference_id: z.string().nullish(),
});

export const PaymentWire = z.object({
  id: z.string(),
  status: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(PaymentStatus),
  amount: z.string(),
  currency: z.string(),
  is_test: z.boolean().optional(),
  created_at: z.string(),
  order: z.object({ reference_id: z.string().nullish() }).nullish(),
  captures: z.array(MovementWire).nullish(),
  refunds: z.array(MovementWire).nullish(),
});

export const SessionWire = z.object({
  id: z.string(),
  status: z.enum(['created', 'rejected', 'expired', 'approved']),
  payment: z.object({
    id: z.string(),
    status: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(PaymentStatus),
  }),
  configuration: z
    .object({
      available_products: z
        .object({ installments: z.array(z.object({ web_url: z.string() })).nullish() })
        .nullish(),
      products: z
        .object({
          installments: z
            .object({
              is_available: z.boolean(),
              rejection_reason: z
                .enum(['not_available', 'order_amount_too_high', 'order_amount_too_low'])
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

export const WebhookWire = z.object({ id: z.string(), url: z.string() });

const money = (fils: Fils | undefined) => filsToDecimalString(fils ?? 0);

function itemsWire(items: TabbyItem[] | undefined) {
  return (items ?? []).map((i) => ({
    reference_id: i.referenceId,
    title: i.title,
    quantity: i.quantity,
    unit_price: money(i.unitPriceFils),
    category: i.category,
  }));
}

function movementOf(m: z.infer<typeof MovementWire>): TabbyMovement {
  return { id: m.id, amount: m.amount, amountFils: toFils(m.amount), referenceId: m.reference_id ?? null };
}

export function paymentOf(p: z.infer<typeof PaymentWire>): TabbyPayment {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    amountFils: toFils(p.amount),
    currency: p.currency,
    orderReferenceId: p.order?.reference_id ?? null,
    captures: (p.captures ?? []).map(movementOf),
    refunds: (p.refunds ?? []).map(movementOf),
    isTest: p.is_test ?? false,
    createdAt: p.created_at,
  };
}

export function sessionOf(s: z.infer<typeof SessionWire>): TabbySession {
  const installments = s.configuration?.products?.installments;
  const webUrl = s.configuration?.available_products?.installments?.[0]?.web_url ?? null;
  const isAvailable = s.status !== 'rejected' && (installments?.is_available ?? webUrl !== null);
  return {
    id: s.id,
    status: s.status,
    paymentId: s.payment.id,
    paymentStatus: s.payment.status,
    webUrl: isAvailable ? webUrl : null,
    isAvailable,
    rejectionReason: installments?.rejection_reason ?? (isAvailable ? null : 'not_available'),
  };
}

/** The request body of `POST /api/v2/checkout`, exactly as TABBY.md names the fields. */
export function sessionBody(req: TabbySessionRequest, merchantCode: string) {
  return {
    payment: {
      amount: money(req.amountFils),
      currency: req.currency,
      description: req.description,
      buyer: req.buyer,
      shipping_address: req.shippingAddress,
      order: {
        reference_id: req.order.referenceId,
        tax_amount: money(req.order.taxFils),
        shipping_amount: money(req.order.shippingFils),
        discount_amount: money(req.order.discountFils),
        items: itemsWire(req.order.items),
      },
      buyer_history: {
        registered_since: req.buyerHistory?.registeredSince ?? new Date().toISOString(),
        loyalty_level: req.buyerHistory?.loyaltyLevel ?? 0,
      },
      order_history: (req.orderHistory ?? []).map((o) => ({
        purchased_at: o.purchasedAt,
        amount: money(o.amountFils),
        status: o.status,
        ...(o.paymentMethod ? { payment_method: o.paymentMethod } : {}),
      })),
      meta: { order_id: req.meta?.orderId ?? null, customer: req.meta?.customer ?? null },
    },
    lang: req.lang,
    merchant_code: merchantCode,
    merchant_urls: req.merchantUrls,
  };
}

/** The request body of `POST /api/v2/payments/{id}/captures`. */
export function captureBody(req: TabbyCaptureRequest) {
  return {
    amount: money(req.amountFils),
    reference_id: req.referenceId,
    tax_amount: money(req.taxFils),
    shipping_amount: money(req.shippingFils),
    discount_amount: money(req.discountFils),
    items: itemsWire(req.items),
  };
}

/** The request body of `POST /api/v2/payments/{id}/refunds`. */
export function refundBody(req: TabbyRefundRequest) {
  return {
    amount: money(req.amountFils),
    reference_id: req.referenceId,
    ...(req.reason ? { reason: req.reason } : {}),
    items: itemsWire(req.items),
  };
}
