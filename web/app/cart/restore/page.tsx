import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { restoredCartOf } from '@/leads/restore';
import { RestoreCart } from '@/leads/restore-cart';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('CartRestore');
  // A personal link from an e-mail: never indexed, never cached.
  return { title: t('title'), robots: { index: false, follow: false } };
}

export const dynamic = 'force-dynamic';

/** The cart-recovery e-mail's link (docs/leads.md): the abandoned cart back, at today's prices. */
export default async function CartRestorePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const t = await getTranslations('CartRestore');
  const { token } = await searchParams;
  const outcome =
    typeof token === 'string' && token.length > 0
      ? await restoredCartOf(token, await getLocale())
      : { ok: false as const, message: null };
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
      {outcome.ok ? (
        <RestoreCart
          items={outcome.cart.items}
          missing={outcome.cart.missing}
          reduced={outcome.cart.reduced}
        />
      ) : (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
          {outcome.message ?? t('expired')}
        </p>
      )}
    </div>
  );
}
