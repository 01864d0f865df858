import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewsletterLinkAction } from '../../../newsletter/link-action';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NewsletterUnsubscribePage');
  // A personal link from an e-mail: never indexed.
  return { title: t('title'), robots: { index: false, follow: false } };
}

export const dynamic = 'force-dynamic';

/** The unsubscribe link of every marketing e-mail, and where a GET of its one-click URL lands (docs/crm.md): the press of its button unsubscribes, without an account. */
export default async function NewsletterUnsubscribeRoute({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const t = await getTranslations('NewsletterUnsubscribePage');
  const { token } = await searchParams;
  // The shape of a signed link's token; the gateway checks the signature when the button is pressed.
  const given = typeof token === 'string' && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      {given ? (
        <>
          <p className="mt-3 text-coffee-700">{t('intro')}</p>
          <NewsletterLinkAction page="NewsletterUnsubscribePage" token={given} />
        </>
      ) : (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          {t('noToken')}
        </p>
      )}
    </div>
  );
}
