import { z } from 'zod';
import { AbandonmentTrigger, DeviceType } from '../contracts/leads';
import { envelope, FilsAmount } from './envelope';

const CartLine = z.object({
  productId: z.string(),
  variationId: z.string().optional(),
  name: z.string(),
  quantity: z.number().int().positive(),
  unitFils: FilsAmount,
});

/** SPEC 4: fired once per cart, on idle, page exit, manually or at email capture. */
export const CartAbandoned = envelope(
  'CartAbandoned',
  z.object({
    leadId: z.string(),
    email: z.string().optional(),
    cartValueFils: FilsAmount,
    items: z.array(CartLine),
    trigger: AbandonmentTrigger,
    deviceType: DeviceType,
    /** The browser's cart id: the same cart abandoned again is the same lead (no second e-mail). */
    cartKey: z.string().optional(),
  }),
).meta({ id: 'CartAbandonedEvent' });
export type CartAbandoned = z.infer<typeof CartAbandoned>;

/** SPEC 4: the lead becomes QUALIFIED at the payment step. */
export const LeadQualified = envelope(
  'LeadQualified',
  z.object({
    leadId: z.string(),
    email: z.string(),
    cartValueFils: FilsAmount,
    preferredPayment: z.string().optional(),
  }),
).meta({ id: 'LeadQualifiedEvent' });
export type LeadQualified = z.infer<typeof LeadQualified>;

/** SPEC 4: CONVERTED after a paid or cash-on-delivery order. */
export const LeadConverted = envelope(
  'LeadConverted',
  z.object({
    leadId: z.string(),
    email: z.string(),
    orderId: z.string().optional(),
    convertedUserId: z.string().optional(),
    valueFils: FilsAmount,
  }),
).meta({ id: 'LeadConvertedEvent' });
export type LeadConverted = z.infer<typeof LeadConverted>;
