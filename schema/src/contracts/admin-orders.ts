import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { storableText, validationText } from '../validation/fields';
import { AdminOrder } from './orders';

/*
 * The back office's order screens (docs/orders.md): search, detail, the status command.
 * Built in English like every contract; the gateway renders messages in Arabic from the shared table.
 */
const t = validationText('en');

/** An order number as shoppers read it on the phone: QH-100042. */
export const OrderNumber = () => z.string().regex(/^QH-\d{1,12}$/, { error: t('validation.id') });

/**
 * A calendar day that exists (2026-02-30 does not): zod's ISO date, whose pattern (in the OpenAPI
 * document too) knows month lengths and leap years, so nothing valid by the contract is refused.
 */
const day = z.iso.date({ error: t('validation.id') });

/**
 * Text PostgreSQL can store: NUL dropped and lone surrogates replaced (the shared `storableText`),
 * since jsonb (the audit entry keeps the note) refuses them.
 */
const storable = (v: string) => storableText(v);

/** What staff filter by; the CSV export takes the same filter, without the page. */
export const AdminOrderFilter = z.object({
  /** An order number (QH-100042 or just 100042), an e-mail (or part of one) or a phone number. */
  q: z.string().overwrite(storable).trim().max(120).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /** Gulf calendar days (Asia/Dubai), both ends included. */
  from: day.optional(),
  to: day.optional(),
});
// No `.meta({ id })`: as a querystring, a named schema becomes a $ref @fastify/swagger cannot
// resolve, and GET /openapi.json answered 500 (the fuzz step could not load the document).
export type AdminOrderFilter = z.infer<typeof AdminOrderFilter>;

export const AdminOrderSearchQuery = AdminOrderFilter.extend({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const MoveOrderStatus = z
  .object({
    to: z.enum(ORDER_STATUSES),
    /** The order's version the staff member saw: a move based on a stale page is refused. */
    version: z.number().int().min(1).max(2_147_483_647),
    note: z.string().overwrite(storable).trim().max(500).optional(),
  })
  .meta({ id: 'MoveOrderStatus' });
export type MoveOrderStatus = z.infer<typeof MoveOrderStatus>;

export const OrderStatusMoved = z
  .object({
    orderId: z.string(),
    from: z.enum(ORDER_STATUSES),
    status: z.enum(ORDER_STATUSES),
    version: z.number().int(),
    /** The workflow that gives the money back and tells the shopper (cancellations). */
    workflowId: z.string().optional(),
  })
  .meta({ id: 'OrderStatusMoved' });
export type OrderStatusMoved = z.infer<typeof OrderStatusMoved>;

const money = z.number();

export const AdminOrderDetail = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    version: z.number().int(),
    createdAt: z.string(),
    locale: z.string(),
    checkoutId: z.string(),
    allowedTransitions: z.array(z.enum(ORDER_STATUSES)),
    /** The order's own snapshot of the contact and address (what the checkout gave). */
    customer: z.object({
      id: z.string(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string(),
      emirate: z.string(),
      city: z.string(),
      address: z.string(),
      /**
       * The customer record's name and phone now: an order never changes them (the e-mail is not
       * proven), so a later order may differ from the record (docs/orders.md).
       */
      record: z.object({ fullName: z.string(), phone: z.string() }).nullable(),
    }),
    items: z.array(
      z.object({
        productId: z.string(),
        variationId: z.string(),
        name: z.string(),
        nameAr: z.string(),
        variation: z.object({
          weight: z.string().nullable(),
          beans: z.string().nullable(),
          additions: z.string().nullable(),
        }),
        imageUrl: z.string().nullable(),
        unitPrice: money,
        quantity: z.number().int(),
        lineTotal: money,
        /** The line's VAT invoice figures in fils (docs/vat.md): its discount share, taxable amount, VAT. */
        discountFils: z.number().int(),
        taxableFils: z.number().int(),
        vatFils: z.number().int(),
      }),
    ),
    totals: z.object({
      subtotal: money,
      discount: money,
      shipping: money,
      tax: money,
      total: money,
      /** The VAT inside the total (prices include it): the order's rate, 0 when not registered. */
      vatRateBp: z.number().int(),
      vatFils: z.number().int(),
      shippingVatFils: z.number().int(),
    }),
    payment: z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      reference: z.string().nullable(),
      status: z.string().nullable(),
      method: z.string().nullable(),
      amount: money.nullable(),
      refunded: money,
      needsAttention: z.boolean(),
      attentionReason: z.string().nullable(),
    }),
    discounts: z.array(
      z.object({
        kind: z.string(),
        name: z.string(),
        nameAr: z.string().nullable(),
        code: z.string().nullable(),
        amount: money,
      }),
    ),
    refunds: z.array(
      z.object({
        reference: z.string(),
        provider: z.string(),
        amount: money,
        status: z.string(),
        providerRefundId: z.string().nullable(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    /** Every status change and every event about the order, oldest first. */
    timeline: z.array(
      z.object({
        at: z.string(),
        kind: z.enum(['status', 'event', 'email']),
        /** status: the new status; event: its type; email: its purpose. */
        label: z.string(),
        from: z.string().nullable(),
        by: z.string().nullable(),
        note: z.string().nullable(),
      }),
    ),
    /** The Temporal workflows that touched the order, for links into the Temporal UI. */
    workflows: z.array(z.object({ workflowId: z.string(), kind: z.string() })),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderSearchResult = z
  .object({ orders: z.array(AdminOrder), total: z.number().int() })
  .meta({ id: 'AdminOrderSearchResult' });
