import { LOCALE_COOKIE } from '@qahwa/schema';
import { resolveLocale } from '@qahwa/schema/reference';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import ar from '@/messages/ar';
import en from '@/messages/en';
import { TIME_ZONE } from './format';

// Both languages are in the server bundle; only the chosen one reaches the browser.
const MESSAGES = { en, ar } as const;

// No locale prefix in the URL: the language comes from the cookie or the browser.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get('accept-language'),
  });
  return { locale, messages: MESSAGES[locale], timeZone: TIME_ZONE };
});
