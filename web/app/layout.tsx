import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TrackingPixels } from '../analytics/pixels';
import { requestOrigin } from '../catalogue/product/origin';
import { directionOf } from '../i18n/locale';
import { LocaleSync } from '../i18n/locale-sync';
import { CartAbandonmentTracker } from '../leads/cart-abandonment-tracker';
import { Footer } from '../shell/footer';
import { Header } from '../shell/header';
import { LazyOverlays } from '../shell/lazy-overlays';
import { Providers } from '../shell/providers';
import { Toaster } from '../toast/toaster';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    // The pages' canonical and Open Graph URLs are paths; search engines need them absolute,
    // on the host the shopper asked for.
    metadataBase: new URL(await requestOrigin()),
    title: t('title'),
    description: t('description'),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#553626' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    // lang and dir come from the server, so Arabic is right-to-left from the first byte.
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        {/* SPEC 1: the page meta tag is the first source of the language; LocaleSync compares it with localStorage. */}
        <meta name="language" content={locale} />
      </head>
      <body className="flex min-h-dvh flex-col bg-coffee-50 text-coffee-950 antialiased">
        <NextIntlClientProvider>
          <Providers>
            <LocaleSync />
            <Header />
            <main className="flex-1">{children}</main>
            <Footer />
            <LazyOverlays />
            <CartAbandonmentTracker />
            <Toaster />
          </Providers>
        </NextIntlClientProvider>
        <TrackingPixels />
      </body>
    </html>
  );
}
