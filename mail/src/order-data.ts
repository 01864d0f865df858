import { type DbOrTx, eq, sql, tables } from '@qahwa/db';
import { walletName } from '@qahwa/schema/payments';
import { placeNames } from '@qahwa/schema/reference';
import { signTrackingToken, trackingUrl } from './tracking-link';
import type { MailLocale, OrderEmailData } from './types';

export interface OrderEmail {
  to: string;
  locale: MailLocale;
  requestId?: string;
  order: OrderEmailData;
}

const t = tables;

interface ItemRow {
  name: string;
  nameAr: string;
  variation: { weight?: string | null; beans?: string | null; additions?: string | null };
  quantity: number;
  unitFils: number;
  lineFils: number;
  sizeAr: string | null;
  beansAr: string | null;
  typeAr: string | null;
}

interface DiscountRow {
  name: string;
  nameAr: string | null;
  code: string | null;
  amountFils: number;
}

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
  /** LEAD_LINK_SECRET: with the store's URL, the e-mail carries the order's signed tracking link. */
  linkSecret?: string,
): Promise<OrderEmail | null> {
  // One statement: the order, with its items and discounts gathered as JSON beside it.
  const [row] = await db
    .select({
      order: t.orders,
      // Column names written out: inside a subquery drizzle would leave them unqualified.
      items: sql<ItemRow[]>`(
        select coalesce(json_agg(json_build_object(
          'name', oi.name, 'nameAr', oi.name_ar, 'variation', oi.variation,
          'quantity', oi.quantity, 'unitFils', oi.unit_fils, 'lineFils', oi.line_fils,
          'sizeAr', vs.display_name_ar, 'beansAr', vb.name_ar, 'typeAr', vt.name_ar
        ) order by oi.created_at, oi.id), '[]'::json)
        from ${t.orderItems} oi
        left join ${t.productVariations} pv on pv.id = oi.variation_id
        left join ${t.variationSizes} vs on vs.id = pv.size_id
        left join ${t.variationBeans} vb on vb.id = pv.beans_id
        left join ${t.variationTypes} vt on vt.id = pv.type_id
        where oi.order_id = ${t.orders}.id)`,
      discounts: sql<DiscountRow[]>`(
        select coalesce(json_agg(json_build_object(
          'name', od.name, 'nameAr', od.name_ar, 'code', od.code, 'amountFils', od.amount_fils
        ) order by od.created_at, od.id), '[]'::json)
        from ${t.orderDiscounts} od
        where od.order_id = ${t.orders}.id)`,
    })
    .from(t.orders)
    .where(eq(t.orders.id, orderId));
  if (!row) return null;
  const { order, items, discounts } = row;
  const locale: MailLocale = order.locale === 'ar' ? 'ar' : 'en';

  const place = placeNames(order.emirate, order.city, locale);
  const wallet = walletName(order.paymentWallet);
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
      ...(wallet ? { paymentWallet: wallet } : {}),
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
      vatFils: order.vatFils,
      vatRateBp: order.vatRateBp,
      ...(storeUrl ? { storeUrl } : {}),
      ...(storeUrl && linkSecret
        ? { trackingUrl: trackingUrl(storeUrl, signTrackingToken(order.id, linkSecret), locale) }
        : {}),
    },
  };
}
