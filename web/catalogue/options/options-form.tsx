'use client';

import type { Product } from '@qahwa/schema/catalogue';
import { formatAed } from '@qahwa/schema/money';
import { useId } from 'react';
import { NotifyForm } from '@/back-in-stock/notify-form';
import { cardPrice, productName, variationLabel, variationPrice } from '@/catalogue/display';
import { PriceView } from '@/catalogue/price-view';
import { ProductImage } from '@/catalogue/product-image';
import { useLocale, useTranslations } from '@/i18n/client';
import { OptionGroup } from './option-group';
import { QuantityStepper } from './quantity-stepper';
import { useAddToCart } from './use-add-to-cart';
import { useOptionChoice } from './use-option-choice';

/** The options modal's form: the product, its options, the quantity and "Add to Cart" (SPEC 2.6). */
export function OptionsForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useTranslations('OptionsModal');
  const tCard = useTranslations('ProductCard');
  const tPrice = useTranslations('Price');
  const locale = useLocale();
  const quantityId = useId();
  const addToCart = useAddToCart(onClose);
  const { lists, labels, choice, setChoice, quantity, setQuantity, matched, stock, canAdd, maxQuantity } =
    useOptionChoice(product, locale);

  const name = productName(product, locale);
  const image = matched?.imageUrl ?? product.imageUrl ?? product.images[0]?.url ?? null;

  function add() {
    if (!matched || !canAdd) return;
    addToCart(product, matched, quantity, t('added', { qty: quantity, name }));
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
              now={(now) => tPrice('now', { price: now })}
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

        {matched && stock <= 0 && (
          // The chosen option is sold out: the shopper may ask to hear when it is back.
          <NotifyForm
            key={matched.id}
            options={[{ id: matched.id, label: variationLabel(matched, locale) }]}
            variant="modal"
          />
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
            max={maxQuantity}
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
