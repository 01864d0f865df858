import { z } from 'zod';
import type { Locale } from '../money/money';
import { EMAIL_PATTERN, requiredText, TEXT_LIMITS, validationText, withoutNul } from './fields';

/** A review's title is short; its body a few paragraphs at most. */
export const REVIEW_LIMITS = { title: 120, body: 2000 } as const;

/**
 * A shopper's review of a product: name, optional e-mail (never shown; staff may answer),
 * a rating of 1 to 5 stars, an optional title and the text. Published only after staff approve it.
 */
export function reviewFormSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return z.object({
    authorName: requiredText(t('validation.required'), {
      limit: TEXT_LIMITS.name,
      message: t('validation.tooLong', { max: TEXT_LIMITS.name }),
    }),
    email: z
      .string()
      .overwrite(withoutNul)
      .trim()
      .max(TEXT_LIMITS.email, { error: t('validation.tooLong', { max: TEXT_LIMITS.email }) })
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v))
      .refine((v) => v === undefined || EMAIL_PATTERN.test(v), { error: t('validation.email') }),
    rating: z
      .number({ error: t('validation.rating') })
      .int({ error: t('validation.rating') })
      .min(1, { error: t('validation.rating') })
      .max(5, { error: t('validation.rating') }),
    title: z
      .string()
      .overwrite(withoutNul)
      .trim()
      .max(REVIEW_LIMITS.title, { error: t('validation.tooLong', { max: REVIEW_LIMITS.title }) })
      .optional(),
    body: requiredText(t('validation.required'), {
      limit: REVIEW_LIMITS.body,
      message: t('validation.tooLong', { max: REVIEW_LIMITS.body }),
    }),
  });
}
export type ReviewForm = z.infer<ReturnType<typeof reviewFormSchema>>;
