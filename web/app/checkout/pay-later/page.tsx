import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PayLaterReturn } from '@/checkout/pay-later-return';
import { paymentIdOf, returnResultOf } from '@/payments/tabby-session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('PayLaterReturn');
  return { title: t('title'), robots: { index: false } };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The provider's merchant_urls land here: `?result=success|cancel|failure&payment_id=…`. The
 * query string is only a hint passed on to the gateway; what happened is the provider's to say.
 */
export default async function PayLaterReturnPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  return (
    <PayLaterReturn
      paymentId={paymentIdOf(one(query.payment_id))}
      result={returnResultOf(one(query.result))}
    />
  );
}
