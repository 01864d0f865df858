import { useTranslations } from 'next-intl';
import { CartButton } from '@/cart/cart-button';
import { LanguageSwitcher } from '@/i18n/language-switcher';
import type { MenuLink } from './menu-link';
import { MobileMenu } from './mobile-menu';

const iconLink =
  'flex h-10 w-10 items-center justify-center rounded-full text-coffee-900 hover:bg-coffee-100';

/** `storeName`: the store's name in the page's language, as staff set it (Settings → Store). */
export function Header({ storeName }: { storeName: string }) {
  const t = useTranslations('Header');
  // Every screen is reachable from here: the main links on wide screens, all of them in the phone's menu.
  const main: MenuLink[] = [
    { href: '/shop', label: t('shop') },
    { href: '/about', label: t('about') },
    { href: '/contact', label: t('contact') },
  ];
  const all: MenuLink[] = [
    { href: '/', label: t('home') },
    ...main,
    { href: '/wishlist', label: t('wishlist') },
    { href: '/profile', label: t('profile') },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-coffee-100 bg-coffee-50/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:gap-3 sm:px-4">
        <MobileMenu links={all} openLabel={t('openMenu')} title={t('menu')} closeLabel={t('closeMenu')} />
        <a
          href="/"
          aria-label={t('homeLink', { store: storeName })}
          data-testid="store-name"
          className="min-w-0 truncate px-1 text-xl font-bold tracking-tight text-coffee-900"
        >
          {storeName}
        </a>
        <nav aria-label={t('nav')} className="ms-2 hidden md:block">
          <ul className="flex gap-1">
            {main.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  className="rounded-md px-2 py-1 text-sm font-medium text-coffee-800 hover:bg-coffee-100"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguageSwitcher />
          {/* biome-ignore lint/a11y/useAnchorContent: named by aria-label; the icon is decoration */}
          <a href="/wishlist" aria-label={t('wishlist')} className={iconLink}>
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" aria-hidden="true">
              <path
                d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </a>
          {/* biome-ignore lint/a11y/useAnchorContent: named by aria-label; the icon is decoration */}
          <a href="/profile" aria-label={t('profile')} className={`${iconLink} hidden sm:flex`}>
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" aria-hidden="true">
              <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </a>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
