'use client';

import { Dialog, DialogBackdrop, DialogPanel, Label, Radio, RadioGroup } from '@headlessui/react';
import { cartLineOf } from '@qahwa/schema/cart/cart-line';
import {
  defaultChoice,
  matchVariation,
  type OptionChoice,
  optionLists,
} from '@qahwa/schema/catalogue/options';
import type { Product } from '@qahwa/schema/catalogue/product';
import { unitsAvailable } from '@qahwa/schema/catalogue/stock';
import { formatAed } from '@qahwa/schema/money/money';
import { CART_SIDEBAR_DELAY_MS, MAX_LINE_QUANTITY } from '@qahwa/schema/reference/constants';
import { useEffect, useId, useMemo, useState } from 'react';
import { commerceOf, track } from '../analytics/events';
import { cartOpenAtom, dispatchCartAtom, lastAddedIdAtom } from '../cart/cart-store';
import { useLocale, useTranslations } from '../i18n/client';
import { useAtom, useSetAtom } from '../shell/atoms';
import { DialogHeader } from '../shell/dialog-header';
import { pushToastAtom } from '../toast/toast-store';
import { cardPrice, optionLabels, productName, variationPrice } from './display';
import { optionsTargetAtom } from './options-store';
import { PriceView } from './price-view';
import { ProductImage } from './product-image';

type Load = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; product: Product };

/** SPEC 2.6 / 4: the "Select Options" modal, rendered once in the layout and opened from any card. */
export function OptionsModal() {
  const t = useTranslations('OptionsModal');
  const [target, setTarget] = useAtom(optionsTargetAtom);
  const close = () => setTarget(null);

  return (
    <Dialog open={target !== null} onClose={close} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-coffee-950/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          transition
          className="flex max-h-[92dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl transition duration-200 data-closed:translate-y-8 data-closed:opacity-0 sm:rounded-2xl"
        >
          <DialogHeader title={t('title')} closeLabel={t('close')} onClose={close} />
          {target !== null && <OptionsBody key={target} productId={target} onClose={close} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function useProduct(productId: string): Load {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/products/${encodeURIComponent(productId)}`, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body: unknown = await res.json();
        // The gateway serializes this through the shared Product contract; here a shape check is
        // enough to catch a wrong answer, and keeps the validation library off catalogue pages.
        if (!isProductShape(body)) throw new Error('not a product');
        setLoad({ status: 'ready', product: body });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // SPEC 8: a failed product fetch in the modal is only logged and shows "Product not found".
        console.error('options modal: product fetch failed', error);
        setLoad({ status: 'missing' });
      });
    return () => controller.abort();
  }, [productId]);
  return load;
}

function OptionsBody({ productId, onClose }: { productId: string; onClose: () => void }) {
  const t = useTranslations('OptionsModal');
  const load = useProduct(productId);
  if (load.status === 'loading') {
    return (
      <p className="p-6 text-center text-coffee-700" aria-live="polite" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (load.status === 'missing') {
    return (
      <p className="p-6 text-center text-coffee-800" role="alert">
        {t('notFound')}
      </p>
    );
  }
  return <OptionsForm product={load.product} onClose={onClose} />;
}

function OptionsForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useTranslations('OptionsModal');
  const tCard = useTranslations('ProductCard');
  const tPrice = useTranslations('Price');
  const locale = useLocale();
  const dispatch = useSetAtom(dispatchCartAtom);
  const setLastAdded = useSetAtom(lastAddedIdAtom);
  const setCartOpen = useSetAtom(cartOpenAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const quantityId = useId();
  // The cart panel is loaded on its first opening (shell/lazy-overlays.tsx): warm its chunk now,
  // so the panel that opens after "Add to Cart" does not wait for the network.
  useEffect(() => {
    void import('../cart/cart-panel');
  }, []);

  const lists = useMemo(() => optionLists(product.variations), [product.variations]);
  const labels = useMemo(() => optionLabels(product.variations, locale), [product.variations, locale]);
  const [choice, setChoice] = useState<OptionChoice | null>(() => defaultChoice(product.variations));
  const [quantity, setQuantity] = useState(1);

  const matched = choice ? matchVariation(product.variations, choice) : null;
  const name = productName(product, locale);
  // The count when it is low (the catalogue publishes no other); else unbounded, and the line's own
  // limit applies. The order still takes only what is left.
  const stock = matched ? unitsAvailable(matched) : 0;
  const canAdd = matched !== null && stock > 0 && quantity >= 1 && quantity <= stock;
  const image = matched?.imageUrl ?? product.imageUrl ?? product.images[0]?.url ?? null;

  function add() {
    if (!matched || !canAdd) return;
    // The line's prices from the one builder the recovery link uses too: the checkout's summary
    // prices it as the server will (its list price is what a sale works on).
    const item = cartLineOf(product, matched, quantity);
    dispatch({ type: 'add', item });
    track('AddToCart', commerceOf([item]));
    setLastAdded(item.id);
    pushToast({ type: 'success', message: t('added', { qty: quantity, name }) });
    onClose();
    // Opened after the modal has gone (SPEC 4), but only on the page the shopper added from: a tap
    // on a link in those 300 ms must not land the panel over the next page.
    const addedOn = window.location.pathname;
    setTimeout(() => {
      if (window.location.pathname === addedOn) setCartOpen(true);
    }, CART_SIDEBAR_DELAY_MS);
  }

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-4">
        <div className="flex gap-4">
          <ProductImage
            src={image}
            alt={name}
            width={96}
            height={96}
            eager
            className="h-24 w-24 shrink-0 rounded-lg"
          />
          <div className="min-w-0">
            <h3 className="text-base font-semibold text-coffee-900">{name}</h3>
            <PriceView
              price={matched ? variationPrice(matched) : cardPrice(product)}
              locale={locale}
              from={(now) => tCard('from', { price: now })}
              was={(original) => tPrice('was', { price: formatAed(original, locale) })}
            />
            {matched && (
              <p className={`mt-1 text-sm ${stock > 0 ? 'text-coffee-600' : 'text-red-700'}`}>
                {matched.inStock && matched.stockQuantity === undefined
                  ? t('inStock')
                  : t('stockLeft', { count: stock })}
              </p>
            )}
          </div>
        </div>

        {choice && (
          <>
            <OptionGroup
              label={t('weight')}
              values={lists.weights}
              labels={labels.weight}
              value={choice.weight}
              onChange={(weight) => setChoice({ ...choice, weight })}
            />
            {lists.beans.length > 0 && (
              <OptionGroup
                label={t('beans')}
                values={lists.beans}
                labels={labels.beans}
                value={choice.beans ?? ''}
                onChange={(beans) => setChoice({ ...choice, beans })}
              />
            )}
            {lists.additions.length > 0 && (
              <OptionGroup
                label={t('additions')}
                values={lists.additions}
                labels={labels.additions}
                value={choice.additions ?? ''}
                onChange={(additions) => setChoice({ ...choice, additions })}
              />
            )}
          </>
        )}

        {!matched && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
            {t('unavailable')}
          </p>
        )}

        <div>
          <label htmlFor={quantityId} className="mb-2 block text-sm font-medium text-coffee-900">
            {t('quantity')}
          </label>
          <QuantityStepper
            id={quantityId}
            value={quantity}
            // No more than is left, nor more than one line may hold (the cart clamps to it too).
            max={stock > 0 ? Math.min(stock, MAX_LINE_QUANTITY) : undefined}
            onChange={setQuantity}
            decreaseLabel={t('decrease')}
            increaseLabel={t('increase')}
          />
        </div>
      </div>
      <div className="border-t border-coffee-100 p-4">
        <button
          type="submit"
          disabled={!canAdd}
          className="w-full rounded-lg bg-coffee-800 px-4 py-3 font-semibold text-white hover:bg-coffee-900 disabled:cursor-not-allowed disabled:bg-coffee-300"
        >
          {t('addToCart')}
        </button>
      </div>
    </form>
  );
}

function OptionGroup({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: string[];
  labels: Map<string, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <RadioGroup value={value} onChange={onChange} className="space-y-2">
      <Label className="block text-sm font-medium text-coffee-900">{label}</Label>
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <Radio
            key={v}
            value={v}
            className="cursor-pointer rounded-full border border-coffee-300 px-4 py-1.5 text-sm text-coffee-800 data-checked:border-coffee-800 data-checked:bg-coffee-800 data-checked:text-white data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-coffee-700"
          >
            {labels.get(v) ?? v}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

export function QuantityStepper({
  id,
  value,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
}: {
  id: string;
  value: number;
  max?: number | undefined;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  const clamp = (n: number) => Math.max(1, max === undefined ? n : Math.min(n, max));
  const button =
    'flex h-10 w-10 items-center justify-center text-lg text-coffee-800 hover:bg-coffee-50 disabled:text-coffee-300';
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-coffee-300">
      <button
        type="button"
        aria-label={decreaseLabel}
        aria-controls={id}
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
        className={button}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          onChange(Number.isFinite(n) ? clamp(n) : 1);
        }}
        className="h-10 w-14 border-x border-coffee-300 text-center text-coffee-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        aria-label={increaseLabel}
        aria-controls={id}
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(clamp(value + 1))}
        className={button}
      >
        +
      </button>
    </div>
  );
}

function isProductShape(value: unknown): value is Product {
  const v = value as Partial<Product> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.nameAr === 'string' &&
    Array.isArray(v.variations)
  );
}
