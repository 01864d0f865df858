'use client';

import { useTranslations } from '../i18n/client';
import { useSetAtom } from '../shell/atoms';
import { optionsTargetAtom } from './options-store';

/** The only client code on a product card: it opens the shared options modal. */
export function SelectOptionsButton({
  productId,
  productName,
  variant = 'card',
}: {
  productId: string;
  productName: string;
  variant?: 'card' | 'page';
}) {
  const t = useTranslations('ProductCard');
  const open = useSetAtom(optionsTargetAtom);
  return (
    <button
      type="button"
      onClick={() => open(productId)}
      aria-label={variant === 'card' ? t('selectOptionsFor', { name: productName }) : undefined}
      aria-haspopup="dialog"
      className={
        variant === 'card'
          ? 'w-full rounded-lg bg-coffee-800 px-3 py-2 text-sm font-medium text-white hover:bg-coffee-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coffee-700'
          : 'w-full rounded-lg bg-coffee-800 px-6 py-3 text-base font-semibold text-white hover:bg-coffee-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-coffee-700 sm:w-auto'
      }
    >
      {t('selectOptions')}
    </button>
  );
}
