import { sql } from 'drizzle-orm';
import type { Db } from './client';
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
    truncate table order_items, orders, customers, leads, sessions, outbox, processed_events,
      order_stats_daily, order_status_counts, projection_orders, product_variations, products,
      categories, variation_sizes, variation_types, variation_beans, shipping_rules, promotions, users,
      idempotency_keys, outbox_dead_letters, sign_in_attempts, checkouts, payments, order_discounts,
      promotion_redemptions, webhook_events, offer_settings, sliders, site_texts, reviews,
      product_view_counts, contact_messages, newsletter_subscribers, emails, marketing_sync, uploads,
      audit_log, order_status_history, refunds, staff_invites, store_settings, product_sales_daily,
      product_views_daily, customer_first_orders, customer_growth_daily, projection_products,
      projection_promotions, consumer_dead_letters
    restart identity cascade`);
  await db.execute(sql`alter sequence order_number_seq restart with 100001`);
  await seed(db, {
    ...process.env,
    NODE_ENV: 'test',
    SEED_DEMO: '1',
    ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
  });
}
