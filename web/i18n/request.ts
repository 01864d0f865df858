import { LOCALE_COOKIE } from '@qahwa/schema';
import { resolveLocale } from '@qahwa/schema/reference';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import ar from '@/messages/ar';
import en from '@/messages/en';

// Both languages are in the server bundle (a few kilobytes); only the chosen one reaches the browser.
const MESSAGES = { en, ar } as const;

// next-intl "without i18n routing": no locale in the URL, the locale comes from the request.
export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerStore.get('accept-language'),
  });
  return {
    locale,
    timeZone: 'Asia/Dubai',
    messages: MESSAGES[locale],
  };
});
