import { z } from 'zod';
import { CartItem } from '../cart/cart-item';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_QUANTITY,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
} from '../reference/constants';
import { customerStepSchema } from '../validation/customer-step';
import { normalizePhone, validationText } from '../validation/fields';
import { emirateCityChoices, shippingStepSchema } from '../validation/shipping-step';
import { EntityId, PaymentIntentId } from './ids';

const t = validationText('en');

/**
 * SPEC 3 "Checkout inputs", checked on the server by the very rules of the checkout form
 * (SPEC 5), so a request the browser would refuse is refused here with the same English words.
 * For Arabic, build the schema with `customerStepSchema('ar')` / `shippingStepSchema('ar')`.
 */
export const CustomerInfo = customerStepSchema('en').meta({ id: 'CustomerInfo' });
export type CustomerInfo = z.infer<typeof CustomerInfo>;

export const ShippingInfo = shippingStepSchema('en').meta({
  id: 'ShippingInfo',
  anyOf: emirateCityChoices(),
});
export type ShippingInfo = z.infer<typeof ShippingInfo>;

export const AppliedCouponClaim = z
  .object({ code: z.string(), discountAmount: z.number() })
  .meta({ id: 'AppliedCouponClaim' });

export const OrderItemClaim = CartItem.pick({
  id: true,
  productId: true,
  variationId: true,
  name: true,
  price: true,
  quantity: true,
  variation: true,
}).extend({
  productId: EntityId(),
  variationId: EntityId(),
  quantity: z
    .number()
    .int()
    .min(1, { error: t('validation.quantityMin') })
    .max(MAX_LINE_QUANTITY, { error: t('validation.quantityMax', { max: MAX_LINE_QUANTITY }) }),
});
export type OrderItemClaim = z.infer<typeof OrderItemClaim>;

/** The lines of a checkout: at most MAX_ORDER_QUANTITY units in all (and so at most that many lines). */
const OrderItems = z
  .array(OrderItemClaim)
  .min(1)
  .max(MAX_ORDER_QUANTITY, { error: t('validation.orderQuantityMax', { max: MAX_ORDER_QUANTITY }) })
  .refine((items) => items.reduce((n, i) => n + i.quantity, 0) <= MAX_ORDER_QUANTITY, {
    error: t('validation.orderQuantityMax', { max: MAX_ORDER_QUANTITY }),
  });

/**
 * What every checkout call carries (SPEC 7: payment intent, pay-later session, order): the
 * shopper's details, the items and the amounts the browser computed — claims the server checks.
 * `checkoutKey`: the cart's own id, shared by the shopper's tabs (docs/payments.md "One checkout,
 * one payment"): a cart whose checkout is already ordered is not paid again, and a cart paid
 * another way gives back the stock its card intent held ("Stock held for a card payment").
 * Optional: a page loaded before it existed sends none.
 */
export const CheckoutClaim = z
  .object({
    customerInfo: CustomerInfo,
    shippingInfo: ShippingInfo,
    items: OrderItems,
    subtotal: z.number(),
    tax: z.number().default(0),
    shippingCost: z.number(),
    discount: z.number().default(0),
    appliedCoupon: AppliedCouponClaim.nullable().optional(),
    locale: z.enum(['en', 'ar']).optional(),
    checkoutKey: z.uuid().optional(),
  })
  .meta({ id: 'CheckoutClaim' });
export type CheckoutClaim = z.infer<typeof CheckoutClaim>;

/**
 * SPEC 7 POST /api/orders. Every amount here is the browser's claim; the server recomputes them.
 * `totalAmount` is the total the shopper was shown (AED): cash on delivery is placed only when it
 * is the server's total to the fils (else 409 PRICE_CHANGED with the server's total,
 * docs/checkout.md); card and wallet are charged what the intent said.
 */
export const CreateOrderRequest = CheckoutClaim.extend({
  totalAmount: z.number().min(0).max(100_000_000),
  paymentIntentId: PaymentIntentId().optional(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS).optional(),
}).meta({ id: 'CreateOrderRequest' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/**
 * The shopper's contact as an order keeps it and as the per-contact limit counts it: name
 * trimmed, e-mail lower-cased, phone without spaces, dashes or parentheses (SPEC 5's
 * normalisation), so `+971 50 111 2233` and `+971501112233` are one phone.
 */
export function contactOf(info: CustomerInfo): CustomerInfo {
  return {
    fullName: info.fullName.trim(),
    email: info.email.trim().toLowerCase(),
    phone: normalizePhone(info.phone.trim()),
  };
}

/**
 * What an Idempotency-Key is bound to: what the order will be (who, where, which variations
 * how many, how it is paid). The amounts are left out on purpose: they are claims the server
 * recomputes, and a browser that re-renders them (a new shipping quote, another language)
 * still means the same order. The coupon's code is in; its claimed amount is not.
 * Pure and stable: the gateway hashes it.
 */
export function orderFingerprintSource(order: CreateOrderRequest): string {
  const c = contactOf(order.customerInfo);
  return JSON.stringify([
    c.fullName,
    c.email,
    c.phone,
    order.shippingInfo.emirate,
    order.shippingInfo.city,
    order.shippingInfo.address.trim(),
    order.items.map((i) => [i.variationId, i.quantity]),
    order.paymentProvider ?? 'COD',
    order.paymentIntentId ?? null,
    // The coupon is part of what the order is: dropping a refused code is a new order, not a
    // retry of the refused one.
    order.appliedCoupon?.code.trim().toUpperCase() || null,
  ]);
}

/**
 * SPEC 7's order answer without `isNewCustomer` and `userId`: the caller is anonymous and the
 * e-mail anyone's, so whether it bought before and its record's id are not told (docs/checkout.md).
 */
export const CreateOrderResponse = z
  .object({
    success: z.boolean(),
    orderId: z.string().optional(),
    /** What the server charged, AED: the truth the browser should show. */
    totalAmount: z.number().optional(),
    error: z.string().optional(),
    /** The order's signed tracking token (docs/order-tracking.md): the confirmation page links to its page. */
    trackingToken: z.string().optional(),
  })
  .meta({ id: 'CreateOrderResponse' });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });

/** SPEC 3 "Order display", for the back office. */
export const AdminOrder = z
  .object({
    id: z.string(),
    customer: z.object({ id: z.string(), fullName: z.string(), email: z.string(), phone: z.string() }),
    createdAt: z.string(),
    status: OrderStatusSchema,
    total: z.number(),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    itemCount: z.number().int(),
    emirate: z.string(),
    city: z.string(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderList = z
  .object({ orders: z.array(AdminOrder), total: z.number().int() })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderList = z.infer<typeof AdminOrderList>;
