import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { createOrderAdminRepository, createOrdersRepository } from './repositories/orders';
import * as tables from './schema';
import { seed } from './seed';

/**
 * For integration tests only: empties every table and seeds the bootstrap and the demo store
 * (SEED_DEMO=1), so each test file starts from the same stock and no orders. Refuses to touch a
 * database whose name lacks "test".
 */
export async function resetDatabase(db: Db, admin?: { email: string; password: string }): Promise<void> {
  const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = rows[0]?.name ?? '';
  if (!name.includes('test')) throw new Error(`resetDatabase refuses to wipe "${name}": not a test database`);
  await db.execute(sql`
    truncate table order_items, orders, customers, leads, abandoned_carts, sessions, outbox, processed_events,
      order_stats_daily, order_status_counts, projection_orders, product_variations, products,
      categories, variation_sizes, variation_types, variation_beans, shipping_rules, promotions, users,
      idempotency_keys, outbox_dead_letters, sign_in_attempts, checkouts, payments, order_discounts,
      promotion_redemptions, webhook_events, offer_settings, sliders, site_texts, reviews,
      product_view_counts, contact_messages, newsletter_subscribers, emails, marketing_sync, uploads,
      audit_log, order_status_history, refunds, staff_invites, store_settings, product_sales_daily,
      product_views_daily, customer_first_orders, customer_growth_daily, projection_products,
      projection_promotions, consumer_dead_letters, credit_notes, invoices, document_counters
    restart identity cascade`);
  await clearRateLimits(db);
  await db.execute(sql`alter sequence order_number_seq restart with 100001`);
  await seed(db, {
    ...process.env,
    NODE_ENV: 'test',
    SEED_DEMO: '1',
    ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
  });
}

/**
 * Empties the request limits' counters, which every gateway built over this database shares (a
 * test that builds a gateway with a low limit starts from no counts, as a new window would).
 * Guarded, so a test database migrated before the table existed still resets.
 */
export async function clearRateLimits(db: Db): Promise<void> {
  await db.execute(sql`do $$ begin
    if to_regclass('rate_limit_counters') is not null then truncate table rate_limit_counters; end if;
  end $$`);
}

/** A shopper's order as the integration tests of several workspaces need one: placed, maybe paid. */
export interface TestOrder {
  provider: 'COD' | 'STRIPE' | 'TABBY';
  customer: { fullName: string; email: string; phone: string };
  locale: 'en' | 'ar';
  /** The provider's payment (a PaymentIntent, a Tabby payment) and its row in the payments read model. */
  payment?: { id: string; method: 'card' | 'pay_later'; status: 'succeeded' | 'captured' };
  /** Default: `<provider>-<uuid>`. */
  checkoutId?: string;
  /** The one line of coffee (default two at 70 AED); delivery to JBR is 25 AED on top. */
  line?: { unitFils: number; quantity: number };
}

/**
 * Writes a placed order straight into the database (customer, order, its line, the payment row
 * when paid), status `new`, as checkout would have left it. Returns the order's id (its number).
 */
export async function placedOrder(db: Db, order: TestOrder): Promise<string> {
  const [v] = await db
    .select({ id: tables.productVariations.id, productId: tables.productVariations.productId })
    .from(tables.productVariations)
    .limit(1);
  const [customer] = await db
    .insert(tables.customers)
    .values(order.customer)
    .returning({ id: tables.customers.id });
  const { unitFils, quantity } = order.line ?? { unitFils: 70_00, quantity: 2 };
  const subtotalFils = unitFils * quantity;
  const totalFils = subtotalFils + 25_00;
  return db.transaction(async (tx) => {
    const id = await createOrdersRepository(db).insert(
      {
        checkoutId: order.checkoutId ?? `${order.provider.toLowerCase()}-${randomUUID()}`,
        customerId: customer!.id,
        customer: order.customer,
        paymentProvider: order.provider,
        paymentIntentId: order.payment?.id ?? null,
        subtotalFils,
        shippingFils: 25_00,
        discountFils: 0,
        taxFils: 0,
        totalFils,
        emirate: 'dubai',
        city: 'jbr',
        address: 'The Walk, Building 3, Apt 1204',
        locale: order.locale,
        status: 'new',
        items: [
          {
            productId: v!.productId,
            variationId: v!.id,
            name: 'Coffee',
            nameAr: 'قهوة',
            variation: { weight: '250g', beans: null, additions: null },
            unitFils,
            quantity,
          },
        ],
      },
      tx,
    );
    if (order.payment)
      await tx.insert(tables.payments).values({
        id: order.payment.id,
        provider: order.provider,
        method: order.payment.method,
        status: order.payment.status,
        amountFils: totalFils,
        orderId: id,
      });
    return id;
  });
}

/**
 * A placed order, then cancelled by staff as the order page does (status, history, audit, outbox,
 * and the refund row a paid order owes): what a refund starts from. Returns the order's id.
 */
export async function cancelledOrder(db: Db, order: TestOrder): Promise<string> {
  const orderId = await placedOrder(db, order);
  await db.transaction((tx) =>
    createOrderAdminRepository(db).move(
      {
        orderId,
        to: 'cancelled',
        version: 1,
        actor: { id: null, email: 'staff@qahwa.local' },
      },
      tx,
    ),
  );
  return orderId;
}
