import { z } from 'zod';
import { EntityId } from './ids';

/** Lead statuses: SPEC 4 shows QUALIFIED (at the payment step) and CONVERTED; NEW and ABANDONED are ours. */
export const LEAD_STATUSES = ['NEW', 'ABANDONED', 'QUALIFIED', 'CONVERTED'] as const;
export const LeadStatus = z.enum(LEAD_STATUSES).meta({ id: 'LeadStatus' });
export type LeadStatus = z.infer<typeof LeadStatus>;

const LeadVariation = z.object({
  weight: z.string().nullable().optional(),
  beans: z.string().nullable().optional(),
  additions: z.string().nullable().optional(),
});

export const LeadCartItem = z
  .object({
    id: z.string(),
    variationId: EntityId().optional(),
    name: z.string(),
    price: z.number(),
    quantity: z.number().int().positive(),
    total: z.number().optional(),
    variation: LeadVariation.optional(),
  })
  .meta({ id: 'LeadCartItem' });

/** SPEC 7 PATCH /api/leads: email plus whichever of the other fields the step knows. */
export const LeadUpdateRequest = z
  .object({
    email: z.string().trim().toLowerCase().email(),
    status: LeadStatus.optional(),
    convertedUserId: EntityId().optional(),
    convertedData: z
      .object({
        name: z.string().optional(),
        phone: z.string().optional(),
        value: z.number().optional(),
        currency: z.string().optional(),
        items: z.array(LeadCartItem).max(100).optional(),
      })
      .optional(),
    hasPaymentInfo: z.boolean().optional(),
    /** SPEC 3: a timestamp (ISO text or epoch milliseconds). */
    paymentStep: z.union([z.string(), z.number()]).optional(),
    preferredPayment: z.string().optional(),
    cartValue: z.number().optional(),
    cartItems: z.array(LeadCartItem).max(100).optional(),
    paymentData: z.object({ preferredPayment: z.string().optional() }).optional(),
  })
  .meta({ id: 'LeadUpdateRequest' });
export type LeadUpdateRequest = z.infer<typeof LeadUpdateRequest>;

export const ABANDONMENT_TRIGGERS = ['cart_idle', 'page_exit', 'manual', 'email_capture'] as const;
export const AbandonmentTrigger = z.enum(ABANDONMENT_TRIGGERS).meta({ id: 'AbandonmentTrigger' });
export type AbandonmentTrigger = z.infer<typeof AbandonmentTrigger>;
export const DeviceType = z.enum(['tablet', 'mobile', 'desktop']).meta({ id: 'DeviceType' });
export type DeviceType = z.infer<typeof DeviceType>;

/** SPEC 3 "Cart-abandonment lead payload", POST /api/leads/cart-abandonment (also sent as a beacon). */
export const CartAbandonmentRequest = z
  .object({
    cartValue: z.number().nonnegative(),
    cartItems: z.array(LeadCartItem.omit({ variationId: true, total: true })).max(100),
    timeSpentOnSite: z.number().nonnegative(),
    pageVisits: z.number().int().nonnegative(),
    lastVisitedPage: z.string().max(2000),
    userAgent: z.string().max(1000),
    referrer: z.string().max(2000),
    deviceType: DeviceType,
    abandonmentTrigger: AbandonmentTrigger,
    email: z.string().trim().toLowerCase().email().optional(),
    fullName: z.string().max(100).optional(),
    phone: z.string().max(30).optional(),
  })
  .meta({ id: 'CartAbandonmentRequest' });
export type CartAbandonmentRequest = z.infer<typeof CartAbandonmentRequest>;
