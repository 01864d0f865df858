import { NewsletterLinkPage, newsletterLinkMetadata } from '@/newsletter/link-page';

export const generateMetadata = () => newsletterLinkMetadata('NewsletterConfirmPage');

export const dynamic = 'force-dynamic';

/** The newsletter's confirmation link (docs/crm.md "Double opt-in"): the subscription starts with the press of its button. */
export default async function NewsletterConfirmRoute({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  return <NewsletterLinkPage page="NewsletterConfirmPage" token={(await searchParams).token} />;
}
