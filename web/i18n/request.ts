import { LOCALE_COOKIE } from '@qahwa/schema';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { resolveLocale } from './locale';

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
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
