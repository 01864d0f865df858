import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmationView } from '@/checkout/confirmation/confirmation-view';
import { ConfirmationNotShown } from '@/checkout/confirmation/not-shown';
import { trackedOrder } from '@/tracking/tracking-api';

export const dynamic = 'force-dynamic';

/** One shopper's order behind a personal link: never indexed, never cached. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Confirmation');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** A tracking token's shape (base64url claims, a dot, base64url signature), within the routes' 200. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function tokenOf(value: string | string[] | undefined): string | null {
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 && TOKEN.test(token) ? token : null;
}

/**
 * `/checkout/confirmation?t=<token>`: the order's signed tracking token (docs/order-tracking.md),
 * which every way out of the checkout passes on. Everything shown is the gateway's view of that
 * order; any other query parameter (an order number, a total, "paid") is ignored.
 */
export default async function ConfirmationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = tokenOf((await searchParams).t);
  const answer = token ? await trackedOrder(token) : null;
  if (!token || !answer || answer.kind === 'expired') return <ConfirmationNotShown reason="link" />;
  if (answer.kind === 'unavailable') return <ConfirmationNotShown reason="unavailable" />;
  return <ConfirmationView order={answer.order} token={token} />;
}
