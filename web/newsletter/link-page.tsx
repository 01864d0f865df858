import type { Locale } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { storeNameText } from '@/lib/settings';
import { NewsletterLinkAction, type NewsletterLinkPageName } from './link-action';

/** A personal link from an e-mail: never indexed. */
export async function newsletterLinkMetadata(page: NewsletterLinkPageName): Promise<Metadata> {
  const t = await getTranslations(page);
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The page behind a link of our e-mails (docs/crm.md): its title, what the button will do, and the
 * button. Opening it changes nothing; only a token of a signed link's shape gets a button (the
 * gateway checks the signature when it is pressed).
 */
export async function NewsletterLinkPage({
  page,
  token,
}: {
  page: NewsletterLinkPageName;
  token: string | string[] | undefined;
}) {
  const [t, store] = await Promise.all([
    getTranslations(page),
    getLocale().then((locale) => storeNameText(locale as Locale)),
  ]);
  const given = typeof token === 'string' && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      {given ? (
        <>
          <p className="mt-3 text-coffee-700">{t('intro', { store })}</p>
          <NewsletterLinkAction page={page} token={given} />
        </>
      ) : (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          {t('noToken')}
        </p>
      )}
    </div>
  );
}
