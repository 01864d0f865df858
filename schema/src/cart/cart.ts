import { type Fils, toFils } from '../money/money';
import { CART_VERSION, MAX_LINE_QUANTITY } from '../reference/constants';
import type { CartItem, StoredCart } from './cart-item';

/*
 * The cart's rules, free of zod so the storefront can load them on every page without the
 * validation library (through `@qahwa/schema/cart`: the package has no side effects, so a bundle
 * takes only the modules whose names it uses). The schemas live in cart-item.ts.
 */

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

/** A line holds at most MAX_LINE_QUANTITY (the server refuses more): the cart clamps, not fails. */
const capped = (quantity: number) => Math.min(quantity, MAX_LINE_QUANTITY);

/** SPEC 4: same product with the same weight, beans and additions merges; otherwise a new line. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const i = items.findIndex((x) => sameLine(x, item));
  if (i === -1) return [...items, { ...item, quantity: capped(item.quantity) }];
  return items.map((x, j) => (j === i ? { ...x, quantity: capped(x.quantity + item.quantity) } : x));
}

/** SPEC 4: a quantity of 0 or less removes the line. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  // A stepper or text input can hand us NaN or Infinity: leave the cart alone rather than store it.
  if (Number.isNaN(quantity) || quantity === Number.POSITIVE_INFINITY) return [...items];
  // Floor first: 0.5 must remove the line, not leave a line of quantity 0 that CartItem rejects.
  const whole = Math.floor(quantity);
  if (whole <= 0) return removeItem(items, id);
  return items.map((x) => (x.id === id ? { ...x, quantity: capped(whole) } : x));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((x) => x.id !== id);
}

/** Takes one unit of a line away (the minus button); the last unit removes the line. */
export function decrementItem(items: readonly CartItem[], id: string): CartItem[] {
  const line = items.find((x) => x.id === id);
  return line ? setQuantity(items, id, line.quantity - 1) : [...items];
}

type Names = CartItem['variation'];
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || isText(v);
const isFilled = (v: unknown): v is string => isText(v) && v.length > 0;
const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function readNames(v: unknown): Names | null {
  if (!isObject(v) || !isTextOrNull(v.weight) || !isTextOrNull(v.beans) || !isTextOrNull(v.additions))
    return null;
  return { weight: v.weight, beans: v.beans, additions: v.additions };
}

function readItem(v: unknown): CartItem | null {
  if (!isObject(v) || !isFilled(v.id) || !isFilled(v.productId)) return null;
  if (v.variationId !== undefined && !isFilled(v.variationId)) return null;
  if (!isText(v.name) || !isText(v.nameAr) || !isTextOrNull(v.image)) return null;
  if (!isPrice(v.price)) return null;
  if (v.listPrice !== undefined && !isPrice(v.listPrice)) return null;
  if (typeof v.quantity !== 'number' || !Number.isSafeInteger(v.quantity) || v.quantity <= 0) return null;
  const variation = readNames(v.variation);
  const variationAr = v.variationAr === undefined ? undefined : readNames(v.variationAr);
  if (!variation || variationAr === null) return null;
  return {
    id: v.id,
    productId: v.productId,
    ...(v.variationId !== undefined ? { variationId: v.variationId } : {}),
    name: v.name,
    nameAr: v.nameAr,
    price: v.price,
    ...(v.listPrice !== undefined ? { listPrice: v.listPrice } : {}),
    quantity: v.quantity,
    image: v.image,
    variation,
    ...(variationAr ? { variationAr } : {}),
  };
}

/**
 * Reads what localStorage held: the same rule as the `StoredCart` schema (a property test keeps
 * the two in agreement), written by hand so this module stays free of zod. Unknown keys are dropped.
 */
export function readStoredCart(stored: unknown): StoredCart | null {
  if (!isObject(stored) || !isText(stored.version) || !Array.isArray(stored.items)) return null;
  const items: CartItem[] = [];
  for (const raw of stored.items) {
    const item = readItem(raw);
    if (!item) return null;
    items.push(item);
  }
  return { version: stored.version, items };
}

/** SPEC 4: a stored cart is kept only if its version tag equals the current one; anything else → empty. */
export function loadStoredCart(stored: unknown): StoredCart {
  const cart = readStoredCart(stored);
  if (!cart || cart.version !== CART_VERSION) return emptyCart();
  return cart;
}

export function cartSubtotalFils(items: readonly CartItem[]): Fils {
  return items.reduce((sum, x) => sum + toFils(x.price) * x.quantity, 0);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, x) => sum + x.quantity, 0);
}
