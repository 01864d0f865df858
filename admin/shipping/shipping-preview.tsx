'use client';

import type { ShippingRuleView } from '@qahwa/schema/contracts';
import { formatAed, type Locale, toFils } from '@qahwa/schema/money';
import { EMIRATES } from '@qahwa/schema/reference';
import {
  calculateShipping,
  DEFAULT_SHIPPING_SETTINGS,
  type ShippingRule,
  type ShippingSettings,
} from '@qahwa/schema/shipping';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/lib/browser-api';

const toRule = (r: ShippingRuleView): ShippingRule => ({
  ...r,
  costFils: toFils(r.cost),
  freeShippingThresholdFils: r.freeShippingThreshold === null ? null : toFils(r.freeShippingThreshold),
});

/**
 * What a cart in a chosen city pays, live, under the rules on screen (the one being edited
 * included): the storefront's own rule, `calculateShipping`, not a copy of it.
 */
export function ShippingPreview({ rules }: { rules: ShippingRuleView[] }) {
  const t = useTranslations('Shipping');
  const locale = useLocale() as Locale;
  const [emirate, setEmirate] = useState('dubai');
  const [city, setCity] = useState('dubai');
  const [total, setTotal] = useState('120');
  // Where no rule covers the cart, the store's fallback (Settings → Shipping) applies: read it as
  // the storefront does; SPEC 9's values only until it arrives.
  const [fallback, setFallback] = useState<ShippingSettings>(DEFAULT_SHIPPING_SETTINGS);
  useEffect(() => {
    api<{ shipping: ShippingSettings }>('GET', '/settings')
      .then((s) => setFallback(s.shipping))
      .catch(() => {});
  }, []);
  const cities = EMIRATES.find((e) => e.slug === emirate)?.cities ?? [];
  const amount = Number(total);
  const quote =
    Number.isFinite(amount) && amount >= 0
      ? calculateShipping(rules.map(toRule), toFils(amount), city || null, fallback)
      : null;
  const aed = (fils: number) => formatAed(fils, locale);
  const field = 'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm';
  return (
    <section
      aria-labelledby="shipping-preview"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="shipping-preview" className="font-semibold text-stone-900">
        {t('previewTitle')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="space-y-1 text-sm text-stone-800">
          <span>{t('emirate')}</span>
          <select
            className={field}
            value={emirate}
            onChange={(e) => {
              setEmirate(e.target.value);
              setCity('');
            }}
          >
            {EMIRATES.map((e) => (
              <option key={e.slug} value={e.slug}>
                {locale === 'ar' ? e.ar : e.en}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-sm text-stone-800">
          <span>{t('city')}</span>
          <select className={field} value={city} onChange={(e) => setCity(e.target.value)}>
            <option value="">{t('anyCity')}</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {locale === 'ar' ? c.ar : c.en}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-sm text-stone-800">
          <span>{t('cartTotal')}</span>
          <input
            className={field}
            type="number"
            min="0"
            step="0.01"
            dir="ltr"
            value={total}
            onChange={(e) => setTotal(e.target.value)}
          />
        </label>
      </div>
      {quote ? (
        <p aria-live="polite" className="text-sm text-stone-800" data-testid="shipping-quote">
          {quote.shippingCostFils === 0
            ? t('previewFree')
            : t('previewPays', { cost: aed(quote.shippingCostFils) })}{' '}
          {quote.shippingRule
            ? t('previewRule', {
                name: locale === 'ar' ? quote.shippingRule.nameAr : quote.shippingRule.name,
              })
            : t('previewFallback')}
          {quote.amountToFreeShippingFils > 0
            ? ` ${t('previewNudge', { amount: aed(quote.amountToFreeShippingFils) })}`
            : ''}
        </p>
      ) : null}
    </section>
  );
}
