import { cartItemId } from './cart/cart';
import type { Product, ShopperVariation } from './catalogue/product';
import type { CustomerInfo, OrderItemClaim, ShippingInfo } from './contracts/orders';

/**
 * For tests, the bench and the end-to-end suite only (as `@qahwa/db/testing` is for the database;
 * the store's own code never imports it): the cash-on-delivery order they place, built in one
 * place, so a change to SPEC 7's order request is made once.
 */

/** Business Bay, Dubai: where a test's order goes unless it says otherwise. */
export const TEST_SHIPPING = {
  emirate: 'dubai',
  city: 'business-bay',
  address: 'Bay Square, Building 7, Office 301',
} satisfies ShippingInfo;

/** The order line of a product's variation, named as the catalogue names it (the server prices it by its id). */
export function orderLineOf(
  product: Pick<Product, 'id' | 'name'>,
  v: Pick<ShopperVariation, 'id' | 'price' | 'size' | 'beans' | 'type'>,
  quantity = 1,
): OrderItemClaim {
  return {
    id: cartItemId(product.id, v.id),
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
  };
}

export interface CodOrderInput {
  customerInfo: CustomerInfo;
  items: OrderItemClaim[];
  /** Default: TEST_SHIPPING. */
  shippingInfo?: ShippingInfo;
  /** The total the shopper was shown (AED); left out, the request has none (a test claims the server's later). */
  totalAmount?: number;
  /** The browser's claims; 0 unless given (the server recomputes them). */
  subtotal?: number;
  shippingCost?: number;
  discount?: number;
  /** Left out of the request unless given (null is sent as null). */
  appliedCoupon?: { code: string; discountAmount: number } | null;
  locale?: 'en' | 'ar';
}

/** A cash-on-delivery `POST /api/orders` body (SPEC 7) as the checkout sends it. */
export function codOrder(o: CodOrderInput) {
  return {
    customerInfo: o.customerInfo,
    shippingInfo: o.shippingInfo ?? TEST_SHIPPING,
    items: o.items,
    ...(o.totalAmount === undefined ? {} : { totalAmount: o.totalAmount }),
    subtotal: o.subtotal ?? 0,
    tax: 0,
    shippingCost: o.shippingCost ?? 0,
    discount: o.discount ?? 0,
    ...(o.appliedCoupon === undefined ? {} : { appliedCoupon: o.appliedCoupon }),
    paymentProvider: 'COD' as const,
    ...(o.locale ? { locale: o.locale } : {}),
  };
}
