import { useTranslations } from 'next-intl';
import { OPTIONS_FOR_ATTRIBUTE } from './options-trigger';

/**
 * A card's (and the product page's) "Select Options": a plain button drawn by the server; the
 * layout's one click listener opens the shared options modal for the product in its
 * `data-options-for`, as soft links hand their clicks to the router. No island per button: the
 * island was 0.4 KB of every page with cards (the 150 KB per route budget, docs/performance.md).
 * Focus comes back to the button when the modal closes (the dialog returns it to the element
 * that had it).
 */
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
  return (
    <button
      type="button"
      {...{ [OPTIONS_FOR_ATTRIBUTE]: productId }}
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
