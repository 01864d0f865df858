import { LOCALE_COOKIE } from '@qahwa/schema';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { TIME_ZONE } from './format';
import { resolveLocale } from './locale';

// No locale prefix in the URL: the language comes from the cookie or the browser.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get('accept-language'),
  });
  const messages = (await import(`../messages/${locale}.json`)).default;
  return { locale, messages, timeZone: TIME_ZONE };
});
