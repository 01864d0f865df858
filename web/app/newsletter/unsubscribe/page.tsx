import { NewsletterLinkPage, newsletterLinkMetadata } from '@/newsletter/link-page';

export const generateMetadata = () => newsletterLinkMetadata('NewsletterUnsubscribePage');

export const dynamic = 'force-dynamic';

/** The unsubscribe link of every marketing e-mail, and where a GET of its one-click URL lands (docs/crm.md): the press of its button unsubscribes, without an account. */
export default async function NewsletterUnsubscribeRoute({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  return <NewsletterLinkPage page="NewsletterUnsubscribePage" token={(await searchParams).token} />;
}
