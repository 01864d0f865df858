import { z } from 'zod';
import type { Locale } from '../money/money';
import { emailField, phoneField, requiredText, TEXT_LIMITS, validationText } from './fields';

/**
 * SPEC 2.7 / 5, checkout step 1: full name, email, phone, each required ('This field is required');
 * email shaped like an address; phone per `phoneProblem`.
 */
export function customerStepSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return z.object({
    fullName: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.name,
      message: t('validation.tooLong', { max: TEXT_LIMITS.name }),
    }),
    email: emailField(t),
    phone: phoneField(t),
  });
}
export type CustomerStep = z.infer<ReturnType<typeof customerStepSchema>>;

/** SPEC 5: the full name split on spaces into first and last name (for tracking). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
