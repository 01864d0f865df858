'use client';

import type { CartItem } from '@qahwa/schema/cart';
import { localize } from '@qahwa/schema/messages';
import { formatAed, type Locale } from '@qahwa/schema/money';
import type { Promotion } from '@qahwa/schema/promotions';
import { isAnniversaryCode, PROMOTION_MESSAGES } from '@qahwa/schema/promotions';
import { VALIDATION_MESSAGES } from '@qahwa/schema/validation';
import { useId, useState } from 'react';
import { useLocale, useTranslations } from '@/i18n/client';
import { api } from '@/lib/browser-api';
import { useShopperSettings } from '@/settings/shopper-settings';
import { useAtom } from '@/shell/atoms';
import {
  type AppliedCouponState,
  appliedCouponAtom,
  couponRefusalMessage,
  type SummaryPricing,
  useActivePromotions,
} from './coupon-state';

interface ValidateAnswer {
  valid?: boolean;
  discountAmount?: number;
  discountType?: Promotion['type'];
  promotionId?: string;
  name?: string;
  description?: string;
  promotion?: Promotion;
  error?: string;
  errorCode?: string;
}

/**
 * SPEC 2.7 coupon box: the code is forced to upper case; Apply on click or Enter (a form);
 * once applied it shows the code, name, description and discount with Remove Coupon (SPEC 4:
 * removing clears the input and the error). SPEC 8: the server's reason, or 'Invalid coupon
 * code'; a network failure reads 'Failed to apply coupon. Please try again.' The server says only
 * "not usable" to shoppers; a publicly listed code's missed condition is named here
 * (`couponRefusalMessage`).
 * The items go with their variations so the server answers with the order's own pricing.
 */
export function CouponBox({ items, pricing }: { items: readonly CartItem[]; pricing: SummaryPricing }) {
  const t = useTranslations('CouponBox');
  const locale = useLocale() as Locale;
  const [applied, setApplied] = useAtom(appliedCouponAtom);
  const listed = useActivePromotions();
  const { sale } = useShopperSettings();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function apply() {
    if (busy) return;
    const wanted = code.trim().toUpperCase();
    if (wanted === '') return setError(localize(VALIDATION_MESSAGES['validation.couponEmpty'], locale));
    setBusy(true);
    setError(null);
    const answer = await api('/api/promotions/validate', {
      method: 'POST',
      body: {
        code: wanted,
        orderAmount: pricing.subtotalFils / 100,
        productIds: [...new Set(items.map((i) => i.productId))],
        items: items.map((i) => ({
          productId: i.productId,
          ...(i.variationId ? { variationId: i.variationId } : {}),
          quantity: i.quantity,
          price: i.price,
        })),
        locale,
      },
    });
    setBusy(false);
    if (!answer.ok && answer.reason === 'network') {
      setError(localize(PROMOTION_MESSAGES['coupon.networkFailed'], locale));
      return;
    }
    // A refusal is either a 200 with `valid: false` or the gateway's error body: both read the same.
    const body = answer.body as ValidateAnswer | null;
    if (!answer.ok || !body?.valid || !body.promotionId) {
      setError(couponRefusalMessage({ answer: body, code: wanted, items, listed, sale, locale }));
      return;
    }
    const next: AppliedCouponState = {
      code: wanted,
      discountAmount: body.discountAmount ?? 0,
      discountType: body.discountType ?? 'PERCENTAGE',
      promotionId: body.promotionId,
      name: body.name ?? wanted,
      description: body.description ?? '',
      promotion: body.promotion ?? null,
    };
    setApplied(next);
    setCode('');
  }

  function remove() {
    setApplied(null);
    setCode('');
    setError(null);
  }

  if (applied) {
    const refusal = pricing.coupon.status === 'refused' ? pricing.coupon.refusal : null;
    const outranked = pricing.coupon.status === 'outranked';
    return (
      <div
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm"
        data-testid="applied-coupon"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-emerald-900">
              <span className="font-mono" dir="ltr">
                {applied.code}
              </span>
              <span className="ms-2">{applied.name}</span>
            </p>
            {applied.description && <p className="text-emerald-800">{applied.description}</p>}
            {!refusal && !outranked && (
              <p className="mt-1 text-emerald-900">
                {isAnniversaryCode(applied.code)
                  ? t('saleCode', { amount: formatAed(pricing.saleFils, locale) })
                  : pricing.freeShipping && pricing.discountFils === 0
                    ? t('freeShipping')
                    : t('saving', { amount: formatAed(pricing.discountFils, locale) })}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={remove}
            className="shrink-0 text-emerald-900 underline underline-offset-2 hover:text-emerald-700"
          >
            {t('remove')}
          </button>
        </div>
        {(refusal || outranked) && (
          <p role="status" className="mt-2 text-amber-900">
            {outranked
              ? localize(PROMOTION_MESSAGES['coupon.outranked'], locale)
              : localize(PROMOTION_MESSAGES[refusal!.code], locale, refusal!.params)}
          </p>
        )}
      </div>
    );
  }

  return (
    // Not a <form>: the summary sits inside the payment step's form, and forms cannot nest. Enter in
    // the field applies the code instead of submitting the order.
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-coffee-800">
        {t('label')}
      </label>
      {/* The field's width comes from the row: its default width made the summary wider than a 320 px phone. */}
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void apply();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          dir="ltr"
          placeholder={t('placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-0 min-w-0 flex-1 rounded-lg border border-coffee-200 px-3 py-2 font-mono text-sm uppercase text-coffee-900 placeholder:normal-case placeholder:font-sans focus:border-coffee-500 focus:outline-none rtl:text-end"
        />
        <button
          type="button"
          onClick={() => void apply()}
          disabled={busy}
          className="rounded-lg border border-coffee-800 px-4 py-2 text-sm font-semibold text-coffee-900 hover:bg-coffee-50 disabled:opacity-60"
        >
          {busy ? t('applying') : t('apply')}
        </button>
      </div>
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
