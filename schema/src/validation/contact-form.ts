import { z } from 'zod';
import type { Locale } from '../money/money';
import { emailField, PHONE_EXAMPLE, phoneProblem, requiredText, TEXT_LIMITS, validationText } from './fields';

/** SPEC 3 "Contact message" subject options. */
export const CONTACT_SUBJECTS = ['product_inquiry', 'wholesale_inquiry', 'feedback', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Full name, email, optional phone (checked only when given), subject, message. */
export function contactFormSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return z.object({
    fullName: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.name,
      message: t('validation.tooLong', { max: TEXT_LIMITS.name }),
    }),
    email: emailField(t),
    phone: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v))
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        const problem = phoneProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: t(problem, { phone: PHONE_EXAMPLE }) });
      }),
    subject: z.enum(CONTACT_SUBJECTS, { error: t('validation.contactSubject') }),
    message: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.message,
      message: t('validation.tooLong', { max: TEXT_LIMITS.message }),
    }),
  });
}
export type ContactForm = z.infer<ReturnType<typeof contactFormSchema>>;

/** The label of a subject option in the shopper's language. */
export function contactSubjectLabel(subject: ContactSubject, locale: Locale): string {
  return validationText(locale)(`contact.subject.${subject}`);
}
