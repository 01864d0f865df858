import { CHECKOUT_MESSAGES } from '../checkout/messages';
import type { Locale } from '../money/money';
import { PAYMENT_MESSAGES } from '../payments/messages';
import { PROMOTION_MESSAGES } from '../promotions/messages';
import { SETTINGS_MESSAGES } from '../settings/messages';
import { VALIDATION_MESSAGES } from '../validation/messages';
import { CATALOGUE_FORM_MESSAGES } from '../validation/product-form';
import {
  interpolate,
  type LocalizedMessage,
  type LocalizedText,
  localize,
  type MessageParams,
} from './localized-text';

/**
 * Every message of the store in one table, keyed by a stable code. An API error carries the
 * code (and its text in the shopper's language); the web can re-render the same code after a
 * language switch. Each domain keeps its own table beside its rules; this only joins them.
 */
export const MESSAGES = {
  ...VALIDATION_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...PROMOTION_MESSAGES,
  ...CHECKOUT_MESSAGES,
  ...CATALOGUE_FORM_MESSAGES,
  ...SETTINGS_MESSAGES,
} as const satisfies Record<string, LocalizedText>;

export type MessageCode = keyof typeof MESSAGES;

/** The text of a message in one language, placeholders filled. */
export function message(code: MessageCode, locale: Locale, params?: MessageParams): string {
  return localize(MESSAGES[code], locale, params);
}

/** The message in both languages with its code: what the gateway puts in an error body. */
export function localizedMessage(code: MessageCode, params?: MessageParams): LocalizedMessage {
  const text = MESSAGES[code];
  return { code, en: interpolate(text.en, params), ar: interpolate(text.ar, params) };
}
