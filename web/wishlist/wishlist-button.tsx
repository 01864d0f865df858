import { useTranslations } from 'next-intl';
import type { WishlistItem } from './wishlist-store';
import { WishlistToggle } from './wishlist-toggle';

const CLASS = {
  card: 'flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-coffee-800 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-coffee-700',
  page: 'flex h-12 items-center justify-center gap-2 rounded-lg border border-coffee-300 px-4 font-medium text-coffee-900 hover:bg-coffee-100 focus-visible:outline-2 focus-visible:outline-coffee-700',
};

/**
 * The heart on product cards and the product page: a toggle button (aria-pressed) whose name
 * stays the same whichever state it is in, as a toggle's should. Drawn here, on the server; the
 * island (`wishlist-toggle.tsx`) sets `aria-pressed`, and CSS follows it: the heart fills red and
 * the page's label reads "Saved" instead of "Save".
 */
export function WishlistButton({
  item,
  name,
  variant = 'card',
}: {
  item: Omit<WishlistItem, 'addedAt'>;
  /** The product's name in the page's language. */
  name: string;
  variant?: 'card' | 'page';
}) {
  const t = useTranslations('WishlistButton');
  return (
    <WishlistToggle item={item} name={name} className={`group ${CLASS[variant]}`}>
      <svg viewBox="0 0 24 24" className="h-5 w-5 group-aria-pressed:text-red-700" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
          className="fill-none group-aria-pressed:fill-current"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {variant === 'page' && (
        <>
          <span aria-hidden="true" className="group-aria-pressed:hidden">
            {t('save')}
          </span>
          <span aria-hidden="true" className="hidden group-aria-pressed:inline">
            {t('saved')}
          </span>
        </>
      )}
    </WishlistToggle>
  );
}
