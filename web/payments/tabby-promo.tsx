'use client';

import { payLaterWidgetOptions, showsPayLaterWidget } from '@qahwa/schema/payments';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale } from '@/i18n/client';
import { useShopperSettings } from '@/settings/shopper-settings';
import { TABBY_PROMO_PATH, type TabbyPromoSettings } from './tabby-promo-script';

declare global {
  interface Window {
    /** Tabby's widget constructor (TABBY.md "Promo widget"), defined by tabby-promo.js. */
    TabbyPromo?: new (
      options: Record<string, unknown>,
    ) => unknown;
    /** This store's settings, the first line of /payments/tabby/promo.js. */
    qahwaTabbyPromo?: TabbyPromoSettings;
  }
}

let loading: Promise<boolean> | null = null;

/** Loads the promo script once per page; true once `window.TabbyPromo` exists. */
function loadPromoScript(): Promise<boolean> {
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = TABBY_PROMO_PATH;
    script.async = true;
    script.onerror = () => {
      loading = null;
      resolve(false);
    };
    script.onload = () => {
      // With Tabby's real host the settings script adds Tabby's own script: wait for it (10 s at most).
      const started = Date.now();
      const check = () => {
        if (window.TabbyPromo) return resolve(true);
        if (Date.now() - started > 10_000) {
          loading = null;
          return resolve(false);
        }
        setTimeout(check, 100);
      };
      check();
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** After the page is idle: the widget is never worth the shopper's first interaction. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Tabby's promotional widget (SPEC 2.7, 7): only for a price from 1 to 5000 AED; started with the
 * price to two decimals, AED, the page's language, the source, the public key and the merchant
 * code; started again when the price or the language changes. Lazy: nothing loads until the
 * spot is near the viewport and the page is idle, so it costs the first paint nothing.
 */
export function TabbyPromo({ priceFils, source }: { priceFils: number; source: 'product' | 'cart' }) {
  const locale = useLocale() as 'en' | 'ar';
  // A CSS selector for Tabby (useId's characters are not all valid in one).
  const id = `tabby-promo-${source}-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // The store's range (1–5000 AED unless staff narrowed it in Settings).
  const { payLater } = useShopperSettings();
  const shown = showsPayLaterWidget(priceFils, payLater);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` mounts the element observed here.
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver !== 'function') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, shown]);

  useEffect(() => {
    if (!near || !shown) return;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void loadPromoScript().then((ok) => {
        const el = ref.current;
        const settings = window.qahwaTabbyPromo;
        if (!ok || cancelled || !el || !settings || !window.TabbyPromo) return;
        const options = payLaterWidgetOptions({
          priceFils,
          locale,
          source,
          publicKey: settings.publicKey,
          merchantCode: settings.merchantCode,
          range: payLater,
        });
        if (!options) return;
        // Created again for the new price: the old rendering goes first.
        el.replaceChildren();
        try {
          new window.TabbyPromo({ selector: `#${id}`, ...options });
        } catch (error) {
          console.warn('tabby promo failed', error);
        }
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [near, shown, priceFils, locale, source, id, payLater]);

  if (!shown) return null;
  // The height is kept before the script arrives, so the widget moves nothing when it renders
  // (a one-line box; min-h-6 measured CLS 0.0006 on the product page).
  return <div id={id} ref={ref} data-testid={`tabby-promo-${source}`} className="min-h-10 text-sm" />;
}
