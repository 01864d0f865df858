import { randomUUID } from 'node:crypto';
import { ORDER_TOTAL_HEADER, type Product, type ShopperVariation, unitsAvailable } from '@qahwa/schema';
import { codOrder, orderLineOf, TEST_SHIPPING } from '@qahwa/schema/testing';
import { expect } from 'vitest';
import type { Stack } from './stack';

/** The storefront's products as a shopper's browser reads them (through its proxy). */
export async function storefrontProducts(stack: Stack): Promise<Product[]> {
  return (await (await fetch(`${stack.webUrl}/api/products?limit=100`)).json()) as Product[];
}

/**
 * A product with a variation that has more than `more` in stock, and that variation (as far as
 * the storefront is told: a count above the low-stock threshold is only "in stock").
 */
export async function stockedProduct(
  stack: Stack,
  more = 2,
): Promise<{ product: Product; variation: ShopperVariation }> {
  const products = await storefrontProducts(stack);
  const product = products.find((p) => p.variations.some((v) => unitsAvailable(v) > more));
  if (!product) throw new Error(`no product has a variation with more than ${more} in stock`);
  return { product, variation: product.variations.find((v) => unitsAvailable(v) > more)! };
}

export interface CodOrder {
  customer: { fullName: string; email: string; phone: string };
  product: Product;
  /** Defaults to a variation with more than `quantity` in stock, else the first. */
  variation?: Pick<ShopperVariation, 'id' | 'price' | 'size' | 'beans' | 'type'>;
  quantity?: number;
  /** The shopper's language (the `x-locale` header and the order's locale); none: the store's default. */
  locale?: 'ar' | 'en';
  /** A promotion's code and the discount the cart showed for it. */
  coupon?: { code: string; discountAmount: number };
  /** The street address as the shopper typed it (default: the tests' English one, Business Bay). */
  address?: string;
}

/**
 * Places a cash-on-delivery order through the gateway's API, as the checkout page posts it (one
 * line, to Business Bay, Dubai), and returns its id; the test fails with the gateway's answer if
 * the order is refused. Its claimed total leaves shipping and promotions out, so the gateway
 * answers PRICE_CHANGED with its own total first; the order is then placed claiming it, with the
 * same key, as the checkout's one more click does (docs/checkout.md).
 */
export async function placeCodOrder(stack: Stack, order: CodOrder): Promise<string> {
  const { product, customer } = order;
  const quantity = order.quantity ?? 1;
  const v =
    order.variation ?? product.variations.find((x) => unitsAvailable(x) > quantity) ?? product.variations[0]!;
  const subtotal = v.price * quantity;
  const discount = order.coupon?.discountAmount ?? 0;
  const key = `e2e-order-${randomUUID()}`;
  const post = (claim: object) =>
    fetch(`${stack.gatewayUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(order.locale ? { 'x-locale': order.locale } : {}),
      },
      body: JSON.stringify(claim),
    });
  const claim = codOrder({
    customerInfo: customer,
    items: [orderLineOf(product, v, quantity)],
    totalAmount: subtotal - discount,
    subtotal,
    discount,
    appliedCoupon: order.coupon ?? null,
    locale: order.locale,
    ...(order.address ? { shippingInfo: { ...TEST_SHIPPING, address: order.address } } : {}),
  });
  let res = await post(claim);
  const serverTotal = res.headers.get(ORDER_TOTAL_HEADER);
  if (res.status === 409 && serverTotal) res = await post({ ...claim, totalAmount: Number(serverTotal) });
  const body = (await res.json()) as { success: boolean; orderId: string };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.orderId;
}
