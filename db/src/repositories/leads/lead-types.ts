import type { AbandonmentTrigger, DeviceType, LineClaimFields, Locale } from '@qahwa/schema';
import type { leads } from '../../schema';

/**
 * One cart line as a lead keeps it (SPEC 3 lead cartItems, plus the ids the restore link needs): the
 * fields that name a line, its price in AED per unit as the browser saw it (a claim: the e-mail and
 * the restore re-price from the catalogue).
 */
export type LeadLine = LineClaimFields;

export interface LeadQualification {
  email: string;
  fullName?: string | undefined;
  phone?: string | undefined;
  hasPaymentInfo?: boolean | undefined;
  paymentStep?: Date | undefined;
  preferredPayment?: string | undefined;
  cartValueFils?: number | undefined;
  cartItems?: LeadLine[] | undefined;
  locale: Locale;
}

export interface LeadConversion {
  email: string;
  convertedUserId?: string | undefined;
  convertedData?: unknown;
  valueFils: number;
  orderId?: string | undefined;
}

export interface CartAbandonment {
  email: string;
  fullName?: string | undefined;
  phone?: string | undefined;
  cartKey?: string | undefined;
  cartValueFils: number;
  cartItems: LeadLine[];
  trigger: AbandonmentTrigger;
  deviceType: DeviceType;
  locale: Locale;
  /** The SPEC 3 payload's context (time on site, visits, pages, referrer, agent), size-capped by the contract. */
  context: Record<string, unknown>;
}

export type LeadRow = typeof leads.$inferSelect;
