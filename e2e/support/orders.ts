import { randomUUID } from 'node:crypto';
import type { Product, Variation } from '@qahwa/schema';
import { expect } from 'vitest';
import type { Stack } from './stack';

/** The storefront's products as a shopper's browser reads them (through its proxy). */
export async function storefrontProducts(stack: Stack): Promise<Product[]> {
  return (await (await fetch(`${stack.webUrl}/api/products?limit=100`)).json()) as Product[];
}

/** A product with a variation that has more than `more` in stock, and that variation. */
export async function stockedProduct(
  stack: Stack,
  more = 2,
): Promise<{ product: Product; variation: Variation }> {
  const products = await storefrontProducts(stack);
  const product = products.find((p) => p.variations.some((v) => v.stockQuantity > more));
  if (!product) throw new Error(`no product has a variation with more than ${more} in stock`);
  return { product, variation: product.variations.find((v) => v.stockQuantity > more)! };
}

export interface CodOrder {
  customer: { fullName: string; email: string; phone: string };
  product: Product;
  /** Defaults to a variation with more than `quantity` in stock, else the first. */
  variation?: Variation;
  quantity?: number;
  /** The shopper's language (the `x-locale` header and the order's locale); none: the store's default. */
  locale?: 'ar' | 'en';
  /** A promotion's code and the discount the cart showed for it. */
  coupon?: { code: string; discountAmount: number };
}

/**
 * Places a cash-on-delivery order through the gateway's API, as the checkout page posts it (one
 * line, to Business Bay, Dubai), and returns its id; the test fails with the gateway's answer if
 * the order is refused.
 */
export async function placeCodOrder(stack: Stack, order: CodOrder): Promise<string> {
  const { product, customer } = order;
  const quantity = order.quantity ?? 1;
  const v =
    order.variation ?? product.variations.find((x) => x.stockQuantity > quantity) ?? product.variations[0]!;
  const subtotal = v.price * quantity;
  const discount = order.coupon?.discountAmount ?? 0;
  const res = await fetch(`${stack.gatewayUrl}/api/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `e2e-order-${randomUUID()}`,
      ...(order.locale ? { 'x-locale': order.locale } : {}),
    },
    body: JSON.stringify({
      customerInfo: customer,
      shippingInfo: { emirate: 'dubai', city: 'business-bay', address: 'Bay Square, Building 7, Office 301' },
      items: [
        {
          id: `${product.id}-${v.id}`,
          productId: product.id,
          variationId: v.id,
          name: product.name,
          price: v.price,
          quantity,
          variation: {
            weight: v.size.displayName,
            beans: v.beans?.name ?? null,
            additions: v.type?.name ?? null,
          },
        },
      ],
      totalAmount: subtotal - discount,
      subtotal,
      tax: 0,
      shippingCost: 0,
      discount,
      appliedCoupon: order.coupon ?? null,
      paymentProvider: 'COD',
      ...(order.locale ? { locale: order.locale } : {}),
    }),
  });
  const body = (await res.json()) as { success: boolean; orderId: string };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.orderId;
}
