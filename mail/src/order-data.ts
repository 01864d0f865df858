import { asc, type DbOrTx, eq, tables } from '@qahwa/db';
import { placeNames } from '@qahwa/schema/reference/emirates';
import type { MailLocale, OrderEmailData } from './types';

export interface OrderEmail {
  to: string;
  locale: MailLocale;
  requestId?: string;
  order: OrderEmailData;
}

const t = tables;

/**
 * The confirmation's content, read from the database (never the browser's claim): the order's
 * snapshot of prices, contact and address, its items with variation text in the order's language
 * (the order keeps English labels; Arabic ones come from the variation's options, falling back to
 * the snapshot), and its discounts. Null when the order does not exist.
 */
export async function loadOrderEmail(
  db: DbOrTx,
  orderId: string,
  storeUrl?: string,
): Promise<OrderEmail | null> {
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (!order) return null;
  const locale: MailLocale = order.locale === 'ar' ? 'ar' : 'en';
  const items = await db
    .select({
      name: t.orderItems.name,
      nameAr: t.orderItems.nameAr,
      variation: t.orderItems.variation,
      quantity: t.orderItems.quantity,
      unitFils: t.orderItems.unitFils,
      lineFils: t.orderItems.lineFils,
      sizeAr: t.variationSizes.displayNameAr,
      beansAr: t.variationBeans.nameAr,
      typeAr: t.variationTypes.nameAr,
    })
    .from(t.orderItems)
    .leftJoin(t.productVariations, eq(t.productVariations.id, t.orderItems.variationId))
    .leftJoin(t.variationSizes, eq(t.variationSizes.id, t.productVariations.sizeId))
    .leftJoin(t.variationBeans, eq(t.variationBeans.id, t.productVariations.beansId))
    .leftJoin(t.variationTypes, eq(t.variationTypes.id, t.productVariations.typeId))
    .where(eq(t.orderItems.orderId, orderId))
    .orderBy(asc(t.orderItems.createdAt), asc(t.orderItems.id));
  const discounts = await db
    .select({
      name: t.orderDiscounts.name,
      nameAr: t.orderDiscounts.nameAr,
      code: t.orderDiscounts.code,
      amountFils: t.orderDiscounts.amountFils,
    })
    .from(t.orderDiscounts)
    .where(eq(t.orderDiscounts.orderId, orderId));

  const place = placeNames(order.emirate, order.city, locale);
  const ar = locale === 'ar';
  return {
    to: order.customerEmail,
    locale,
    requestId: order.requestId ?? undefined,
    order: {
      orderNumber: order.id,
      placedAt: order.createdAt.toISOString(),
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      address: {
        emirate: place.emirate,
        city: place.city,
        line: order.address,
      },
      paymentMethod: order.paymentProvider,
      items: items.map((i) => {
        const v = i.variation;
        const parts = ar
          ? [
              v.weight ? (i.sizeAr ?? v.weight) : null,
              v.beans ? (i.beansAr ?? v.beans) : null,
              v.additions ? (i.typeAr ?? v.additions) : null,
            ]
          : [v.weight, v.beans, v.additions];
        const variation = parts.filter((p): p is string => Boolean(p)).join(' · ');
        return {
          name: ar ? i.nameAr || i.name : i.name,
          ...(variation ? { variation } : {}),
          quantity: i.quantity,
          unitFils: i.unitFils,
          lineFils: i.lineFils,
        };
      }),
      // Free shipping is shown on the shipping line ("Free"), not as a discount of 0.
      discounts: discounts
        .filter((d) => d.amountFils > 0)
        .map((d) => ({
          name: ar ? d.nameAr || d.name : d.name,
          ...(d.code ? { code: d.code } : {}),
          amountFils: d.amountFils,
        })),
      subtotalFils: order.subtotalFils,
      discountFils: order.discountFils,
      shippingFils: order.shippingFils,
      totalFils: order.totalFils,
      ...(storeUrl ? { storeUrl } : {}),
    },
  };
}
