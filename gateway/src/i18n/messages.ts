import { LOCALE_COOKIE, type Locale, resolveLocale } from '@qahwa/schema';
import { BACK_IN_STOCK_MESSAGES } from './back-in-stock-messages';
import { BACK_OFFICE_MESSAGES } from './back-office-messages';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import { INVOICE_MESSAGES } from './invoice-messages';
import { LINK_MESSAGES } from './link-messages';
import { REQUEST_MESSAGES } from './request-messages';
import { TRACKING_MESSAGES } from './tracking-messages';

/**
 * Messages only the gateway writes, in both languages, one table per domain (a new message goes
 * into its domain's table). Texts the storefront shares (SPEC 8's order failures, 'Product not
 * found') come from the shared table: `message()` of @qahwa/schema.
 */
export const MESSAGES = {
  ...REQUEST_MESSAGES,
  ...CHECKOUT_MESSAGES,
  ...LINK_MESSAGES,
  ...BACK_OFFICE_MESSAGES,
  ...BACK_IN_STOCK_MESSAGES,
  ...TRACKING_MESSAGES,
  ...INVOICE_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function t(key: MessageKey, locale: Locale, vars: Record<string, string | number> = {}): string {
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** The shopper's language: an explicit x-locale header, then the NEXT_LOCALE cookie, then Accept-Language. */
export function localeOf(headers: Record<string, string | string[] | undefined>): Locale {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(header('cookie') ?? '')?.[1];
  return resolveLocale({ explicit: header('x-locale'), cookie, acceptLanguage: header('accept-language') });
}
