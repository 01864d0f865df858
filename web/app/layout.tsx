import { directionOf } from '@qahwa/schema/reference';
import { orderVatRateBp } from '@qahwa/schema/settings';
import { TestPaymentsBanner } from '@qahwa/ui';
import type { Metadata, Viewport } from 'next';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TrackingPixels } from '@/analytics/pixels';
import { ClientMessages } from '@/i18n/client';
import { LocaleSync } from '@/i18n/locale-sync';
import { CartAbandonmentTracker } from '@/leads/cart-abandonment-tracker';
import { getSiteTexts } from '@/lib/catalogue';
import { webConfig } from '@/lib/config';
import { testPaymentsInUse } from '@/lib/payment-mode';
import { getPublicSettings } from '@/lib/settings';
import { ShopperSettingsProvider } from '@/settings/shopper-settings';
import { Footer } from '@/shell/footer';
import { Header } from '@/shell/header';
import { LazyOverlays } from '@/shell/lazy-overlays';
import { isLoopbackOrigin } from '@/shell/loopback-origin';
import { LoopbackOrigin } from '@/shell/loopback-redirect';
import { siteText } from '@/shell/site-text';
import { SoftNavigation } from '@/shell/soft-navigation';
import { Toaster } from '@/toast/toaster';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale, settings] = await Promise.all([
    getTranslations('Metadata'),
    getLocale(),
    getPublicSettings(),
  ]);
  // The store's name as staff set it (Settings → Store), in the page's language: the home page's
  // title, and after every other page's own title ("Shop · qahwa").
  const store = settings.store.name[locale === 'ar' ? 'ar' : 'en'];
  return {
    // The pages' canonical and Open Graph URLs are paths made absolute on the store's configured
    // origin (STOREFRONT_URL), never the request's Host: a forged Host must not reach a cached page.
    metadataBase: new URL(webConfig.publicOrigin),
    title: { default: t('title', { store }), template: `%s · ${store}` },
    description: t('description'),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#553626' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, settings, texts, testPayments, tPayments] = await Promise.all([
    getLocale(),
    getMessages(),
    getPublicSettings(),
    getSiteTexts(),
    testPaymentsInUse(),
    getTranslations('TestPayments'),
  ]);
  const storeName = settings.store.name[locale === 'ar' ? 'ar' : 'en'];
  return (
    // lang and dir come from the server, so Arabic is right-to-left from the first byte.
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        {/* SPEC 1: the page meta tag is the first source of the language; LocaleSync compares it with localStorage. */}
        <meta name="language" content={locale} />
      </head>
      <body className="flex min-h-dvh flex-col bg-coffee-50 text-coffee-950 antialiased">
        {/* The client islands' words, without next-intl's client runtime (i18n/client.tsx). */}
        <ClientMessages locale={locale} messages={messages}>
          {/* The store's settings the browser's rules read: staff's (docs/settings.md), not SPEC 9's constants. */}
          <ShopperSettingsProvider
            value={{
              shipping: settings.shipping,
              payLater: settings.payLater,
              sale: settings.sale,
              vatRateBp: orderVatRateBp(settings.vat),
            }}
          >
            {/* A page opened as localhost moves to the 127.0.0.1 the store links to (one cart, one return). */}
            {isLoopbackOrigin(webConfig.publicOrigin) ? (
              <LoopbackOrigin origin={webConfig.publicOrigin} />
            ) : null}
            <LocaleSync />
            {/* The plain links' client-side navigation and prefetch (next/link's job, 4 KB lighter). */}
            <SoftNavigation />
            {testPayments ? <TestPaymentsBanner text={tPayments('banner')} /> : null}
            <Header storeName={storeName} />
            <main className="flex-1">{children}</main>
            <Footer
              storeName={storeName}
              phone={settings.store.phone}
              supportLine={siteText(texts, 'supportLine', locale)}
            />
            <LazyOverlays />
            <CartAbandonmentTracker />
            <Toaster />
          </ShopperSettingsProvider>
        </ClientMessages>
        <TrackingPixels ids={settings.tracking} />
      </body>
    </html>
  );
}
