import { useTranslations } from 'next-intl';
import { NewsletterForm } from '@/newsletter/newsletter-form';
import { SupportLine } from './support-line';

/**
 * Every page's footer: the policies (SPEC 2.4), the other screens, support and the newsletter
 * (SPEC 2.8). The store's name is Settings → Store's; the support line is the Content screen's
 * text (its number a call link), or the store's phone when staff wrote none (docs/settings.md).
 */
export function Footer({
  storeName,
  phone,
  supportLine,
}: {
  storeName: string;
  phone: string;
  supportLine: string | null;
}) {
  const t = useTranslations('Footer');
  const groups: { title: string; links: { href: string; label: string }[] }[] = [
    {
      title: t('shopTitle'),
      links: [
        { href: '/shop', label: t('shop') },
        { href: '/orders/track', label: t('trackOrder') },
        { href: '/wishlist', label: t('wishlist') },
        { href: '/profile', label: t('profile') },
      ],
    },
    {
      title: storeName,
      links: [
        { href: '/about', label: t('about') },
        { href: '/contact', label: t('contact') },
      ],
    },
    {
      title: t('policiesTitle'),
      links: [
        { href: '/terms', label: t('terms') },
        { href: '/privacy', label: t('privacy') },
        { href: '/refund-policy', label: t('refund') },
      ],
    },
  ];
  return (
    <footer className="mt-12 bg-coffee-950 text-coffee-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-1">
          <NewsletterForm />
        </div>
        {groups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="font-semibold text-white">{g.title}</h2>
            <ul className="mt-2 space-y-1">
              {g.links.map((l) => (
                <li key={l.href}>
                  <a
                    href={l.href}
                    className="inline-block py-1 text-sm text-coffee-200 hover:text-white hover:underline"
                  >
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-coffee-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-coffee-300 sm:flex-row sm:justify-between">
          <SupportLine text={supportLine} label={t('support')} phone={phone} />
          <p>{t('returns')}</p>
          <p>{t('copyright', { year: new Date().getFullYear(), store: storeName })}</p>
        </div>
      </div>
    </footer>
  );
}
