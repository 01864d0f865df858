import { z } from 'zod';
import type { LocalizedText } from '../messages/localized-text';

/** SPEC 4: card (the default), pay later with the instalment provider, cash on delivery. */
export const PAYMENT_METHODS = ['card', 'tabby', 'cod'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS).meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The instalment provider of DESIGN.md, by name in both languages. */
export const PAY_LATER_PROVIDER_NAME: LocalizedText = { en: 'Tabby', ar: 'تابي' };

/** SPEC 3: the fixed value naming the instalment provider in the order data kept in the browser. */
export const PAY_LATER_PROVIDER = 'TABBY' as const;

/** SPEC 7: the merchant code of the promotional widget when the environment sets none. */
export { PAY_LATER_DEFAULT_MERCHANT_CODE } from './pay-later-widget';
