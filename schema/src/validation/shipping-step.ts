import { z } from 'zod';
import type { Locale } from '../money/money';
import { ADDRESS_MIN_LENGTH } from '../reference/constants';
import { EMIRATES, findEmirate, isCityOf } from '../reference/emirates';
import { TEXT_LIMITS, validationText } from './fields';

/**
 * SPEC 2.7 / 5, checkout step 2. Emirate and city are slugs of the reference table; a city
 * that does not belong to the chosen emirate counts as no city chosen ('Please select a city'),
 * which is what a shopper sees after changing the emirate (SPEC 4: that clears the city).
 */
export function shippingStepSchema(locale: Locale = 'en') {
  const t = validationText(locale);
  return z
    .object({
      emirate: z
        .string({ error: t('validation.emirate') })
        .trim()
        .refine((slug) => findEmirate(slug) !== undefined, { error: t('validation.emirate') }),
      city: z
        .string({ error: t('validation.city') })
        .trim()
        .min(1, { error: t('validation.city') }),
      address: z
        .string({ error: t('validation.addressRequired') })
        .trim()
        .min(1, { error: t('validation.addressRequired') })
        .min(ADDRESS_MIN_LENGTH, { error: t('validation.addressIncomplete') })
        .max(TEXT_LIMITS.address, { error: t('validation.tooLong', { max: TEXT_LIMITS.address }) }),
    })
    .superRefine((value, ctx) => {
      if (value.city !== '' && findEmirate(value.emirate) && !isCityOf(value.emirate, value.city)) {
        ctx.addIssue({ code: 'custom', path: ['city'], message: t('validation.city') });
      }
    });
}
export type ShippingStep = z.infer<ReturnType<typeof shippingStepSchema>>;

/**
 * The emirate–city pairing as JSON Schema, for the OpenAPI of every shipping address: one branch
 * per emirate with its own cities (`enum`, not `const`: the document is OpenAPI 3.0). Published
 * only (the zod rule above is what refuses), so a client or a fuzzer generating addresses pairs
 * them as we do. Built from the same EMIRATES table.
 */
export function emirateCityChoices() {
  return EMIRATES.map((emirate) => ({
    properties: {
      emirate: { type: 'string', enum: [emirate.slug] },
      city: { type: 'string', enum: emirate.cities.map((c) => c.slug) },
    },
  }));
}

/** SPEC 4: the hint under the disabled city selector, or null once an emirate is picked. */
export function cityHint(emirate: string | null | undefined, locale: Locale): string | null {
  return emirate && findEmirate(emirate) ? null : validationText(locale)('validation.emirateFirst');
}
