'use client';

import type { Product } from '@qahwa/schema/catalogue';
import {
  defaultChoice,
  matchVariation,
  type OptionChoice,
  optionLists,
  unitsAvailable,
} from '@qahwa/schema/catalogue';
import type { Locale } from '@qahwa/schema/money';
import { MAX_LINE_QUANTITY } from '@qahwa/schema/reference';
import { useMemo, useState } from 'react';
import { optionLabels } from '@/catalogue/display';

/**
 * The options form's state: the chosen weight, beans and additions, the variation they match,
 * the quantity, and whether that can go into the cart.
 */
export function useOptionChoice(product: Product, locale: Locale) {
  const lists = useMemo(() => optionLists(product.variations), [product.variations]);
  const labels = useMemo(() => optionLabels(product.variations, locale), [product.variations, locale]);
  const [choice, setChoice] = useState<OptionChoice | null>(() => defaultChoice(product.variations));
  const [quantity, setQuantity] = useState(1);

  const matched = choice ? matchVariation(product.variations, choice) : null;
  // The count when it is low (the catalogue publishes no other); else unbounded, and the line's own
  // limit applies. The order still takes only what is left.
  const stock = matched ? unitsAvailable(matched) : 0;
  const canAdd = matched !== null && stock > 0 && quantity >= 1 && quantity <= stock;
  // No more than is left, nor more than one line may hold (the cart clamps to it too).
  const maxQuantity = stock > 0 ? Math.min(stock, MAX_LINE_QUANTITY) : undefined;

  return { lists, labels, choice, setChoice, quantity, setQuantity, matched, stock, canAdd, maxQuantity };
}
