import type { Locale } from '@qahwa/schema';
import { customerStepSchema, shippingStepSchema, validateForm } from '@qahwa/schema/validation';

/**
 * The checkout's one seam to the shared validation of @qahwa/schema (SPEC 5, messages in
 * English and Arabic, the same words the gateway answers with). Forms call only these two.
 */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface CustomerValues {
  fullName: string;
  email: string;
  phone: string;
}

export interface ShippingValues {
  emirate: string;
  city: string;
  address: string;
}

export function validateCustomer(values: CustomerValues, locale: Locale): FieldErrors<keyof CustomerValues> {
  const result = validateForm(customerStepSchema(locale), values);
  return result.ok ? {} : result.errors;
}

export function validateShipping(values: ShippingValues, locale: Locale): FieldErrors<keyof ShippingValues> {
  const result = validateForm(shippingStepSchema(locale), values);
  return result.ok ? {} : result.errors;
}
