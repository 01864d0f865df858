import { directionOf } from '@qahwa/schema/reference';
import { TestPaymentsBanner } from '@qahwa/ui';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSync } from '@/i18n/locale-sync';
import { testPaymentsInUse } from '@/lib/payment-mode';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    title: { default: t('title'), template: `%s · ${t('title')}` },
    description: t('description'),
    robots: { index: false, follow: false },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, testPayments, tPayments] = await Promise.all([
    getLocale(),
    testPaymentsInUse(),
    getTranslations('TestPayments'),
  ]);
  // lang and dir come from the server's first byte: no left-to-right flash for Arabic.
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="min-h-dvh bg-stone-100 font-sans text-stone-900 antialiased">
        <NextIntlClientProvider>
          <LocaleSync />
          {testPayments ? <TestPaymentsBanner text={tPayments('banner')} /> : null}
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
