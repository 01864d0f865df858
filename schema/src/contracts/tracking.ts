import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { normalizePhone, requiredText, TEXT_LIMITS, validationText } from '../validation/fields';

/*
 * The guest's order tracking (docs/order-tracking.md): the lookup by order number and the
 * e-mail or phone given at checkout, the page the signed link opens, a new link by e-mail.
 * Built in English like every contract; the gateway renders messages in Arabic from the shared table.
 */
const t = validationText('en');

/** As the shopper types it: `QH-100042`, `qh-100042` or `100042` (the page prints QH-…). */
export const TrackOrderNumber = () =>
  requiredText(t('validation.required'), { limit: 30, message: t('validation.tooLong', { max: 30 }) });

/** `QH-100042` from what a shopper typed; null when it cannot be an order number. */
export function orderNumberOf(typed: string): string | null {
  const m = /^(?:QH)?[\s-]*(\d{1,12})$/i.exec(typed.trim());
  return m ? `QH-${m[1]}` : null;
}

/**
 * The contact as the order keeps it (contactOf in orders.ts): an e-mail lower-cased, a phone
 * without spaces, dashes or parentheses, so `+971 50 111 2233` finds `+971501112233`.
 */
export function trackContactOf(typed: string): { email: string } | { phone: string } {
  const value = typed.trim();
  return value.includes('@') ? { email: value.toLowerCase() } : { phone: normalizePhone(value) };
}

export const TrackLookupRequest = z
  .object({
    orderNumber: TrackOrderNumber(),
    /** The e-mail or the phone given at checkout. */
    contact: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.email,
      message: t('validation.tooLong', { max: TEXT_LIMITS.email }),
    }),
  })
  .meta({ id: 'TrackLookupRequest' });
export type TrackLookupRequest = z.infer<typeof TrackLookupRequest>;

/** The signed token of the order's page: `/orders/track/<token>`. */
export const TrackLookupResponse = z.object({ token: z.string() }).meta({ id: 'TrackLookupResponse' });
export type TrackLookupResponse = z.infer<typeof TrackLookupResponse>;

/** A new link, mailed to the order's own address only (always 202). */
export const TrackLinkRequest = z
  .object({
    orderNumber: TrackOrderNumber(),
    email: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.email,
      message: t('validation.tooLong', { max: TEXT_LIMITS.email }),
    }),
  })
  .meta({ id: 'TrackLinkRequest' });
export type TrackLinkRequest = z.infer<typeof TrackLinkRequest>;

/**
 * A tracking token as a path parameter (about 110 characters today): at most 200, inside the
 * gateway router's `maxParamLength` of 256, so a token the contract allows is never refused by
 * the router first (the fuzzer found the 512 that was here answered 400 before validation).
 */
const TrackToken = z.string().min(1).max(200);
export const TrackTokenParams = z.object({ token: TrackToken });
export const TrackDocumentParams = z.object({
  token: TrackToken,
  number: z.string().min(1).max(40),
});

/** The steps of the page's timeline: the order's statuses and `returned` (a refunded return). */
export const TRACKING_STEPS = ['new', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

export const TrackedOrder = z
  .object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: z.string(),
    /** The shopper's language at checkout (e-mails are written in it). */
    locale: z.enum(['en', 'ar']),
    /**
     * Each step the order reached, with when (from its status history), then the steps still to
     * come on its way (no date). A cancelled order ends at `cancelled`; `returned` follows a refunded return.
     */
    timeline: z.array(z.object({ step: z.enum(TRACKING_STEPS), at: z.string().nullable() })),
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        nameAr: z.string(),
        variation: z.object({
          weight: z.string().nullable(),
          beans: z.string().nullable(),
          additions: z.string().nullable(),
        }),
        /** The same options' Arabic names; null when the variation no longer exists. */
        variationAr: z
          .object({
            weight: z.string().nullable(),
            beans: z.string().nullable(),
            additions: z.string().nullable(),
          })
          .nullable(),
        imageUrl: z.string().nullable(),
        unitPrice: z.number(),
        quantity: z.number().int(),
        lineTotal: z.number(),
      }),
    ),
    /** In AED. `vat` is what the total includes (null when the order carries no VAT); `vatRatePercent` e.g. 5. */
    totals: z.object({
      subtotal: z.number(),
      discount: z.number(),
      shipping: z.number(),
      total: z.number(),
      vat: z.number().nullable(),
      vatRatePercent: z.number().nullable(),
    }),
    delivery: z.object({
      name: z.string(),
      emirate: z.string(),
      city: z.string(),
      address: z.string(),
      /** The shipping rule's days for the city, e.g. "1-3"; null when no rule names them. */
      estimatedDays: z.string().nullable(),
      /** Placed date plus those days (calendar days, Gulf time), while the order is on its way; else null. */
      estimatedFrom: z.string().nullable(),
      estimatedTo: z.string().nullable(),
    }),
    /** `wallet`: the wallet a card payment came through, by name ("Apple Pay"); null otherwise. */
    payment: z.object({ provider: z.enum(PAYMENT_PROVIDERS), wallet: z.string().nullable() }),
    /** The invoice (or receipt) and credit notes, to download at /api/orders/track/<token>/documents/<number>. */
    documents: z.array(
      z.object({
        number: z.string(),
        kind: z.enum(['INVOICE', 'RECEIPT', 'CREDIT_NOTE']),
        issuedAt: z.string(),
        total: z.number(),
      }),
    ),
    /** What the shopper may do from the page. `canReturn`: delivered within 30 days. */
    actions: z.object({ canReturn: z.boolean() }),
  })
  .meta({ id: 'TrackedOrder' });
export type TrackedOrder = z.infer<typeof TrackedOrder>;
