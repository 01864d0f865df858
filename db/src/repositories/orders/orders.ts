import {
  type AdminOrder,
  type OrderStatus,
  orderVatRateBp,
  type PaymentProvider,
  vatOfOrder,
} from '@qahwa/schema';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { customers, orderItems, orderNumberSeq, orders } from '../../schema';
import { createSettingsRepository } from '../settings/settings';
import { adminOrderRow } from './admin-order-row';

/** A line as the order records it: the product's names and options and the unit price, in fils. */
export interface NewOrderLine {
  productId: string;
  variationId: string;
  name: string;
  nameAr: string;
  variation: { weight: string | null; beans: string | null; additions: string | null };
  unitFils: number;
  quantity: number;
}

export interface NewOrder {
  checkoutId: string;
  customerId: string;
  /** The details given at this checkout (SPEC 3 customerInfo), kept on the order as they were. */
  customer: { fullName: string; email: string; phone: string };
  paymentProvider: PaymentProvider;
  paymentIntentId?: string | null;
  /** Stripe's wallet type when the card payment came through one (`apple_pay`). */
  paymentWallet?: string | null;
  subtotalFils: number;
  shippingFils: number;
  discountFils: number;
  taxFils: number;
  totalFils: number;
  /**
   * The VAT rate the order is placed under (basis points): the `vat` setting's while the store is
   * registered, else 0 (`orderVatRateBp`). Checkout passes the one it priced with; absent, it is
   * read here in the same transaction.
   */
  vatRateBp?: number;
  emirate: string;
  city: string;
  address: string;
  locale: string;
  requestId?: string | null;
  status: OrderStatus;
  items: NewOrderLine[];
}

export function createOrdersRepository(db: DbOrTx) {
  /** A page of orders, newest first, in the back office's shape. */
  async function recentForAdmin(
    { limit, offset }: { limit: number; offset: number },
    tx: DbOrTx = db,
  ): Promise<AdminOrder[]> {
    const rows = await tx
      .select({
        o: orders,
        itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(customers, eq(orders.customerId, customers.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ o, itemCount }) => adminOrderRow(o, itemCount));
  }

  return {
    /**
     * Orders given with this phone or this e-mail in the last `windowMs` (the anti-hoarding limit,
     * docs/checkout.md). Call it after taking the contact locks of `lockContact`, so concurrent checkouts
     * of one phone count each other. Each side reads its own (contact, created_at) index.
     */
    async countRecentByContact(
      contact: { phone: string; email: string },
      windowMs: number,
      tx: DbOrTx = db,
    ): Promise<{ byPhone: number; byEmail: number }> {
      const since = sql`now() - make_interval(secs => ${windowMs / 1000})`;
      const [row] = await tx
        .execute<{ by_phone: number; by_email: number }>(sql`
        select
          (select count(*)::int from ${orders} where ${orders.customerPhone} = ${contact.phone} and ${orders.createdAt} > ${since}) as by_phone,
          (select count(*)::int from ${orders} where ${orders.customerEmail} = ${contact.email} and ${orders.createdAt} > ${since}) as by_email`)
        .then((r) => r.rows);
      return { byPhone: row?.by_phone ?? 0, byEmail: row?.by_email ?? 0 };
    },

    /**
     * Serialises checkouts of one phone and of one e-mail until the transaction ends, so the limit
     * above cannot be passed by sending many at once. Transaction-scoped advisory locks: nothing
     * to clean up, and checkouts of other shoppers never wait.
     */
    async lockContact(contact: { phone: string; email: string }, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone:${contact.phone}`}, 0)),
        pg_advisory_xact_lock(hashtextextended(${`email:${contact.email}`}, 0))`);
    },

    async findByCheckoutId(checkoutId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
      return row ?? null;
    },

    async findById(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
      if (!row) return null;
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
      return { ...row, items };
    },

    /**
     * Inserts the order and its items; the order id is the next QH- number, drawn by the insert
     * itself (two statements per order, not three: each is a round trip under a rush).
     */
    async insert(order: NewOrder, tx: DbOrTx = db): Promise<string> {
      // One rule for every order's VAT (docs/vat.md): the lines as stored, the order's discount and
      // shipping, the rate it is placed under. Its total is the order's by construction.
      const vatRateBp =
        order.vatRateBp ?? orderVatRateBp((await createSettingsRepository(tx).read(tx)).vat.value);
      // Checkout's total is lines − discount + shipping, so the VAT figures add up to it
      // (schema/test/vat.property.test.ts); a hand-made order in a test is stored as given.
      const vat = vatOfOrder({
        lines: order.items.map((it, i) => ({ key: String(i), lineFils: it.unitFils * it.quantity })),
        discountFils: Math.min(order.discountFils, order.subtotalFils),
        shippingFils: order.shippingFils,
        rateBp: vatRateBp,
      });
      const [inserted] = await tx
        .insert(orders)
        .values({
          id: sql`'QH-' || nextval(${sql.raw(`'${orderNumberSeq.seqName}'`)})`,
          checkoutId: order.checkoutId,
          customerId: order.customerId,
          customerName: order.customer.fullName,
          customerEmail: order.customer.email,
          customerPhone: order.customer.phone,
          status: order.status,
          paymentProvider: order.paymentProvider,
          paymentIntentId: order.paymentIntentId ?? null,
          paymentWallet: order.paymentWallet ?? null,
          subtotalFils: order.subtotalFils,
          shippingFils: order.shippingFils,
          discountFils: order.discountFils,
          taxFils: order.taxFils,
          totalFils: order.totalFils,
          vatRateBp,
          vatFils: vat.vatFils,
          shippingVatFils: vat.shipping.vatFils,
          emirate: order.emirate,
          city: order.city,
          address: order.address,
          locale: order.locale,
          requestId: order.requestId ?? null,
        })
        .returning({ id: orders.id });
      const id = inserted!.id;
      await tx.insert(orderItems).values(
        order.items.map((it, i) => {
          const line = vat.lines[i]!;
          return {
            ...it,
            orderId: id,
            lineFils: line.grossFils,
            discountFils: line.discountFils,
            taxableFils: line.taxableFils,
            vatFils: line.vatFils,
          };
        }),
      );
      return id;
    },

    recentForAdmin,

    /** A page of orders plus how many there are, for the paginated orders screen. */
    async listForAdmin(page: { limit: number; offset: number }, tx: DbOrTx = db) {
      const [list, [count]] = await Promise.all([
        recentForAdmin(page, tx),
        tx.select({ n: sql<number>`count(*)::int` }).from(orders),
      ]);
      return { orders: list, total: count?.n ?? 0 };
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
