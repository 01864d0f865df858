'use client';

import { OrderSummary } from '@/checkout/order-summary';
import { useTranslations } from '@/i18n/client';
import { SaveCartForm } from '@/leads/save-cart-form';
import { useAtomValue } from '@/shell/atoms';
import { useHydrated } from '@/shell/use-hydrated';
import { CartLine } from './cart-panel';
import { cartItemsAtom } from './cart-store';
import { useCartPrices } from './line-prices';

/**
 * The cart page (SPEC 2.4): every line with − / + / remove (the panel's own line), and the
 * checkout's order summary with its discount code box, so a code applied here is the one the
 * checkout starts with (the applied coupon is kept in the browser). Shipping needs the address:
 * it says "calculated at checkout".
 */
export function CartPage() {
  const t = useTranslations('CartPage');
  const hydrated = useHydrated();
  const items = useAtomValue(cartItemsAtom);
  const prices = useCartPrices(items);
  if (!hydrated) return null;
  if (items.length === 0) {
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <p className="mb-4 text-coffee-700">{t('empty')}</p>
        <a
          href="/shop"
          className="rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900"
        >
          {t('continueShopping')}
        </a>
      </div>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="cart-items-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="cart-items-title" className="sr-only">
          {t('itemsTitle')}
        </h2>
        <ul className="divide-y divide-coffee-100">
          {items.map((item) => (
            <li key={item.id} className="py-3 first:pt-0 last:pb-0">
              <CartLine item={item} amount={prices.lines.get(item.id)} />
            </li>
          ))}
        </ul>
      </section>
      <div className="space-y-3 lg:sticky lg:top-20">
        <OrderSummary items={items} quote={null} shippingAtCheckout />
        <a
          href="/checkout"
          className="block rounded-lg bg-coffee-800 px-4 py-3 text-center font-semibold text-white hover:bg-coffee-900"
        >
          {t('checkout')}
        </a>
        <a
          href="/shop"
          className="block rounded-lg border border-coffee-300 px-4 py-2.5 text-center text-sm font-medium text-coffee-900 hover:bg-coffee-50"
        >
          {t('continueShopping')}
        </a>
        {/* Not ready to order: one e-mail with a link back to this cart (docs/leads.md). */}
        <SaveCartForm items={items} />
      </div>
    </div>
  );
}
