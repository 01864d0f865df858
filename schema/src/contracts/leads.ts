import { z } from 'zod';
import { EMAIL_PATTERN, withoutNul } from '../validation/fields';
import { EntityId } from './ids';

/**
 * Text as the browser reports it, stored as given (a name, a page, a user agent): NUL and lone
 * surrogates dropped first — PostgreSQL's text and jsonb refuse both (the fuzzer found the 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const Text = (max: number) =>
  z
    .string()
    .overwrite((v) => withoutNul(v).replace(LONE_SURROGATE, '\uFFFD'))
    .max(max);
const Email = z.string().overwrite(withoutNul).trim().toLowerCase().max(254).regex(EMAIL_PATTERN);
/**
 * A whole number in a query string: digits only (an empty `?offset=` is refused, not read as 0),
 * brought inside its bounds (a page size of 0 or 5000 asks for the nearest one there is).
 */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/)
    .default(String(fallback))
    .transform((v) => Math.min(max, Math.max(min, Number(v))));

/** Lead statuses: SPEC 4 shows QUALIFIED (at the payment step) and CONVERTED; NEW and ABANDONED are ours. */
export const LEAD_STATUSES = ['NEW', 'ABANDONED', 'QUALIFIED', 'CONVERTED'] as const;
export const LeadStatus = z.enum(LEAD_STATUSES).meta({ id: 'LeadStatus' });
export type LeadStatus = z.infer<typeof LeadStatus>;

const LeadVariation = z.object({
  weight: Text(100).nullable().optional(),
  beans: Text(100).nullable().optional(),
  additions: Text(100).nullable().optional(),
});

/** AED, as the browser shows it: a claim (the server prices from the database), bounded so it converts to fils. */
const Amount = z.number().nonnegative().max(10_000_000);

export const LeadCartItem = z
  .object({
    id: Text(200),
    variationId: EntityId().optional(),
    name: Text(300),
    price: Amount,
    quantity: z.number().int().positive().max(1000),
    total: Amount.optional(),
    variation: LeadVariation.optional(),
  })
  .meta({ id: 'LeadCartItem' });

/** SPEC 7 PATCH /api/leads: email plus whichever of the other fields the step knows. */
export const LeadUpdateRequest = z
  .object({
    email: Email,
    status: LeadStatus.optional(),
    convertedUserId: EntityId().optional(),
    convertedData: z
      .object({
        name: Text(100).optional(),
        phone: Text(30).optional(),
        value: Amount.optional(),
        currency: Text(3).optional(),
        items: z.array(LeadCartItem).max(100).optional(),
      })
      .optional(),
    hasPaymentInfo: z.boolean().optional(),
    /** SPEC 3: a timestamp (ISO text or epoch milliseconds). */
    paymentStep: z.union([Text(40), z.number().int().min(0).max(8_640_000_000_000_000)]).optional(),
    preferredPayment: Text(30).optional(),
    cartValue: Amount.optional(),
    cartItems: z.array(LeadCartItem).max(100).optional(),
    paymentData: z.object({ preferredPayment: Text(30).optional() }).optional(),
  })
  .meta({ id: 'LeadUpdateRequest' });
export type LeadUpdateRequest = z.infer<typeof LeadUpdateRequest>;

export const ABANDONMENT_TRIGGERS = ['cart_idle', 'page_exit', 'manual', 'email_capture'] as const;
export const AbandonmentTrigger = z.enum(ABANDONMENT_TRIGGERS).meta({ id: 'AbandonmentTrigger' });
export type AbandonmentTrigger = z.infer<typeof AbandonmentTrigger>;
export const DeviceType = z.enum(['tablet', 'mobile', 'desktop']).meta({ id: 'DeviceType' });
export type DeviceType = z.infer<typeof DeviceType>;

/**
 * SPEC 3 "Cart-abandonment lead payload", POST /api/leads/cart-abandonment (also sent as a beacon).
 * Ours beside SPEC 3: each line may name its product and variation (the recovery link refills
 * the cart from them at today's prices), `cartKey` is the browser's cart id (a second
 * abandonment of the same cart is the same lead), `locale` the shopper's language (the e-mail's).
 */
export const CartAbandonmentRequest = z
  .object({
    cartValue: Amount,
    cartItems: z
      .array(LeadCartItem.omit({ total: true }).extend({ productId: EntityId().optional() }))
      .max(100),
    cartKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    locale: z.enum(['en', 'ar']).optional(),
    timeSpentOnSite: z.number().nonnegative().max(315_360_000),
    pageVisits: z.number().int().nonnegative().max(1_000_000),
    lastVisitedPage: Text(2000),
    userAgent: Text(1000),
    referrer: Text(2000),
    deviceType: DeviceType,
    abandonmentTrigger: AbandonmentTrigger,
    email: Email.optional(),
    fullName: Text(100).optional(),
    phone: Text(30).optional(),
  })
  .meta({ id: 'CartAbandonmentRequest' });
export type CartAbandonmentRequest = z.infer<typeof CartAbandonmentRequest>;

/**
 * POST /api/leads/cart-ordered: the browser bought the cart it had reported abandoned (its random
 * cart id is all it says), so the dashboard counts that cart as an order, not as left.
 */
export const CartOrderedRequest = z
  .object({ cartKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })
  .meta({ id: 'CartOrderedRequest' });
export type CartOrderedRequest = z.infer<typeof CartOrderedRequest>;

/** What both lead calls answer: accepted (the work happens after the answer, and its failures stay on the server). */
export const LeadAccepted = z.object({ success: z.literal(true) }).meta({ id: 'LeadAccepted' });
export type LeadAccepted = z.infer<typeof LeadAccepted>;

/** GET /api/leads/restore?token=: the recovery link's token (signed, expiring, naming the lead only). */
// Query strings carry no `.meta({ id })`: @fastify/swagger cannot resolve a $ref'd querystring.
export const LeadRestoreQuery = z.object({ token: z.string().min(10).max(400) });
export type LeadRestoreQuery = z.infer<typeof LeadRestoreQuery>;

/** The abandoned cart's lines, ids and quantities only: the storefront prices them from today's catalogue. */
export const LeadRestoreResponse = z
  .object({
    lines: z.array(
      z.object({
        productId: EntityId(),
        variationId: EntityId().optional(),
        quantity: z.number().int().positive(),
      }),
    ),
  })
  .meta({ id: 'LeadRestoreResponse' });
export type LeadRestoreResponse = z.infer<typeof LeadRestoreResponse>;

/** The back office's leads list (`/backend/leads`): filter by status, newest activity first. */
export const LeadListQuery = z.object({
  // The enum inline: a named one would be a $ref inside the querystring, which swagger cannot resolve.
  status: z.enum(LEAD_STATUSES).optional(),
  limit: QueryInt(1, 200, 50),
  offset: QueryInt(0, 100_000, 0),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

export const LeadSummary = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string().nullable(),
    status: LeadStatus,
    cartValueFils: z.number().int().nullable(),
    itemCount: z.number().int(),
    items: z.array(
      z.object({ name: z.string(), quantity: z.number().int(), variation: z.string().nullable() }),
    ),
    preferredPayment: z.string().nullable(),
    abandonmentTrigger: AbandonmentTrigger.nullable(),
    recoverySentAt: z.string().nullable(),
    convertedAt: z.string().nullable(),
    lastActivityAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'LeadSummary' });
export type LeadSummary = z.infer<typeof LeadSummary>;

export const LeadList = z
  .object({
    leads: z.array(LeadSummary),
    total: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'LeadList' });
export type LeadList = z.infer<typeof LeadList>;

/** GET /api/admin/leads/{id}: one lead for the back office's detail page. */
export const LeadDetailParams = z.object({ id: EntityId() });

/** One step of a lead's road, from the events it appended (oldest first). */
export const LeadHistoryEntry = z.object({
  status: LeadStatus,
  at: z.string(),
  /** The abandonment's trigger (ABANDONED) or the chosen payment method (QUALIFIED), when said. */
  detail: z.string().nullable(),
});

export const LeadDetail = z
  .object({
    lead: LeadSummary,
    phone: z.string().nullable(),
    locale: z.string(),
    history: z.array(LeadHistoryEntry),
    lines: z.array(
      z.object({
        name: z.string(),
        variation: z.string().nullable(),
        quantity: z.number().int(),
        /** The unit price the shopper's cart showed (the browser's figure, in fils). */
        unitFils: z.number().int(),
        lineFils: z.number().int(),
      }),
    ),
    recoveryEmails: z.array(
      z.object({
        subject: z.string(),
        status: z.string(),
        sentAt: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    order: z
      .object({ id: z.string(), status: z.string(), totalFils: z.number().int(), placedAt: z.string() })
      .nullable(),
  })
  .meta({ id: 'LeadDetail' });
export type LeadDetail = z.infer<typeof LeadDetail>;
