import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CartButton } from '../cart/cart-button';
import { LanguageSwitcher } from '../i18n/language-switcher';

export function Header() {
  const t = useTranslations('Header');
  return (
    <header className="sticky top-0 z-40 border-b border-coffee-100 bg-coffee-50/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Link
          href="/"
          aria-label={t('homeLink')}
          className="text-xl font-bold tracking-tight text-coffee-900"
        >
          {t('logo')}
        </Link>
        <nav aria-label={t('nav')} className="ms-2">
          <Link
            href="/shop"
            className="rounded-md px-2 py-1 text-sm font-medium text-coffee-800 hover:bg-coffee-100"
          >
            {t('shop')}
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
          <CartButton />
        </div>
      </div>
    </header>
  );
}
