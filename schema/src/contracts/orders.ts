import { z } from 'zod';
import { CartItem } from '../cart/cart-item';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '../reference/constants';
import { customerStepSchema } from '../validation/customer-step';
import { shippingStepSchema } from '../validation/shipping-step';

/**
 * SPEC 3 "Checkout inputs", checked on the server by the very rules of the checkout form
 * (SPEC 5), so a request the browser would refuse is refused here with the same English words.
 * For Arabic, build the schema with `customerStepSchema('ar')` / `shippingStepSchema('ar')`.
 */
export const CustomerInfo = customerStepSchema('en').meta({ id: 'CustomerInfo' });
export type CustomerInfo = z.infer<typeof CustomerInfo>;

export const ShippingInfo = shippingStepSchema('en').meta({ id: 'ShippingInfo' });
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
}).extend({ variationId: z.string().min(1) });
export type OrderItemClaim = z.infer<typeof OrderItemClaim>;

/**
 * What every checkout call carries (SPEC 7: payment intent, pay-later session, order): the
 * shopper's details, the items and the amounts the browser computed — claims the server checks.
 */
export const CheckoutClaim = z
  .object({
    customerInfo: CustomerInfo,
    shippingInfo: ShippingInfo,
    items: z.array(OrderItemClaim).min(1).max(100),
    subtotal: z.number(),
    tax: z.number().default(0),
    shippingCost: z.number(),
    discount: z.number().default(0),
    appliedCoupon: AppliedCouponClaim.nullable().optional(),
    locale: z.enum(['en', 'ar']).optional(),
  })
  .meta({ id: 'CheckoutClaim' });
export type CheckoutClaim = z.infer<typeof CheckoutClaim>;

/** SPEC 7 POST /api/orders. Every amount here is the browser's claim; the server recomputes them. */
export const CreateOrderRequest = CheckoutClaim.extend({
  totalAmount: z.number(),
  paymentIntentId: z.string().optional(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS).optional(),
}).meta({ id: 'CreateOrderRequest' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

export const CreateOrderResponse = z
  .object({
    success: z.boolean(),
    orderId: z.string().optional(),
    isNewCustomer: z.boolean().optional(),
    userId: z.string().optional(),
    /** What the server charged, AED: the truth the browser should show. */
    totalAmount: z.number().optional(),
    error: z.string().optional(),
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

/** The dashboard's order counters, read from the projection the workers keep. */
export const DashboardSummary = z
  .object({
    todayOrders: z.number().int(),
    totalOrders: z.number().int(),
    totalProducts: z.number().int(),
    activePromotions: z.number().int(),
    ordersByStatus: z.record(z.string(), z.number().int()),
    ordersPerDay: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue: z.number() })),
    recentOrders: z.array(AdminOrder),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof DashboardSummary>;
