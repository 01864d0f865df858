'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';

/**
 * Whether the storefront lists the code with its offers (`isPublic`, docs/promotions.md "What
 * shoppers see"). Off for a new code: a code is someone's until staff say it is for everyone. An
 * automatic promotion (no code) prices every cart, so shoppers always see it: shown ticked and
 * locked.
 */
export function PromotionVisibility({
  code,
  isPublic,
  onChange,
}: {
  code: string;
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
}) {
  const t = useTranslations('Promotions');
  const hintId = useId();
  const automatic = code.trim() === '';
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4"
          checked={automatic || isPublic}
          disabled={automatic}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        {t('isPublic')}
      </label>
      <p id={hintId} className="ms-6 text-xs text-stone-600">
        {automatic ? t('isPublicAutomatic') : t('isPublicHint')}
      </p>
    </div>
  );
}
