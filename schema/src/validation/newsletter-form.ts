import { z } from 'zod';
import type { Locale } from '../money/money';
import { emailField, validationText } from './fields';

/** SPEC 3 "Newsletter subscriber": an email. */
export function newsletterFormSchema(locale: Locale = 'en') {
  return z.object({ email: emailField(validationText(locale)) });
}
export type NewsletterForm = z.infer<ReturnType<typeof newsletterFormSchema>>;
