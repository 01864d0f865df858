import { z } from 'zod';
import { type Locale, toFils } from '../money/money';
import { type PayLaterRange, payLaterAmountOutcome, payLaterOutcomeMessage } from '../payments/pay-later';
import { PAYMENT_METHODS } from '../payments/payment-method';
import { validationText } from './fields';

/**
 * SPEC 2.7 / 5, step 3: a payment method, and pay later only inside the store's range (`range`). In the browser
 * the submit button is simply disabled (`isSubmitDisabled`); a server that still receives such a
 * request answers with the provider's own amount sentence of SPEC 8.
 */
export function paymentStepSchema(locale: Locale, range: PayLaterRange) {
  const t = validationText(locale);
  return z
    .object({
      paymentMethod: z.enum(PAYMENT_METHODS, { error: t('validation.paymentMethod') }),
      total: z.number(),
    })
    .superRefine((v, ctx) => {
      if (v.paymentMethod !== 'tabby') return;
      const outcome = payLaterAmountOutcome(toFils(v.total), range);
      if (outcome) {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentMethod'],
          message: payLaterOutcomeMessage(outcome, locale),
        });
      }
    });
}
export type PaymentStep = z.infer<ReturnType<typeof paymentStepSchema>>;
