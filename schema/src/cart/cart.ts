import { z } from 'zod';
import { type Fils, toFils } from '../money/money';
import { CART_VERSION } from '../reference/constants';

const VariationNames = z.object({
  weight: z.string().nullable(),
  beans: z.string().nullable(),
  additions: z.string().nullable(),
});

/**
 * SPEC 3 "Cart item". `price` is the AED unit price the browser saw: a claim, re-checked by the server.
 * `variation` holds the option names in English (they identify the line, SPEC 4); `variationAr`,
 * when present, holds the same options' Arabic names for display only.
 */
export const CartItem = z
  .object({
    id: z.string().min(1),
    productId: z.string().min(1),
    variationId: z.string().min(1).optional(),
    name: z.string(),
    nameAr: z.string(),
    price: z.number().nonnegative(),
    quantity: z.number().int().positive(),
    image: z.string().nullable(),
    variation: VariationNames,
    variationAr: VariationNames.optional(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const StoredCart = z.object({ version: z.string(), items: z.array(CartItem) });
export type StoredCart = z.infer<typeof StoredCart>;

export const emptyCart = (): StoredCart => ({ version: CART_VERSION, items: [] });

/** Cart item ids (SPEC 3): product id plus variation id in the modal flow, else product id plus a timestamp. */
export function cartItemId(productId: string, variationId?: string, now: number = Date.now()): string {
  return variationId ? `${productId}-${variationId}` : `${productId}-${now}`;
}

function sameLine(a: CartItem, b: CartItem): boolean {
  return (
    a.productId === b.productId &&
    a.variation.weight === b.variation.weight &&
    a.variation.beans === b.variation.beans &&
    a.variation.additions === b.variation.additions
  );
}

/** SPEC 4: same product with the same weight, beans and additions merges; otherwise a new line. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const i = items.findIndex((x) => sameLine(x, item));
  if (i === -1) return [...items, item];
  return items.map((x, j) => (j === i ? { ...x, quantity: x.quantity + item.quantity } : x));
}

/** SPEC 4: a quantity of 0 or less removes the line. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  // A stepper or text input can hand us NaN or Infinity: leave the cart alone rather than store it.
  if (Number.isNaN(quantity) || quantity === Number.POSITIVE_INFINITY) return [...items];
  // Floor first: 0.5 must remove the line, not leave a line of quantity 0 that CartItem rejects.
  const whole = Math.floor(quantity);
  if (whole <= 0) return removeItem(items, id);
  return items.map((x) => (x.id === id ? { ...x, quantity: whole } : x));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((x) => x.id !== id);
}

/** Takes one unit of a line away (the minus button); the last unit removes the line. */
export function decrementItem(items: readonly CartItem[], id: string): CartItem[] {
  const line = items.find((x) => x.id === id);
  return line ? setQuantity(items, id, line.quantity - 1) : [...items];
}

/** SPEC 4: a stored cart is kept only if its version tag equals the current one; anything else → empty. */
export function loadStoredCart(stored: unknown): StoredCart {
  const parsed = StoredCart.safeParse(stored);
  if (!parsed.success || parsed.data.version !== CART_VERSION) return emptyCart();
  return parsed.data;
}

export function cartSubtotalFils(items: readonly CartItem[]): Fils {
  return items.reduce((sum, x) => sum + toFils(x.price) * x.quantity, 0);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, x) => sum + x.quantity, 0);
}
