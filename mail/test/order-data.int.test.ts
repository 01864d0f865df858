import { randomUUID } from 'node:crypto';
import { createDb, eq, sql, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrderEmail } from '../src/order-data';

/**
 * The confirmation's content as the database holds it (real PostgreSQL, the seeded catalogue):
 * items in the order they were added, with their variation in the order's language, and the
 * discounts that took money off, in theirs.
 */
const { db, close } = createDb(process.env.DATABASE_URL);
const orderId = `QH-T${Date.now() % 1_000_000_000}`;
let variation: { id: string; productId: string; sizeAr: string; beansAr: string | null };

beforeAll(async () => {
  // Its own catalogue: the file must not depend on an earlier one having seeded the database.
  await resetDatabase(db);
  const { rows } = await db.execute<{
    id: string;
    productId: string;
    sizeAr: string;
    beansAr: string | null;
  }>(
    sql`select v.id, v.product_id as "productId", s.display_name_ar as "sizeAr", b.name_ar as "beansAr"
        from product_variations v join variation_sizes s on s.id = v.size_id
        left join variation_beans b on b.id = v.beans_id
        order by b.name_ar nulls last limit 1`,
  );
  if (!rows[0]) throw new Error('the test database has no product: run `bash scripts/db.sh test`');
  variation = rows[0];
  const [customer] = await db
    .insert(tables.customers)
    .values({
      email: `order-data-${randomUUID().slice(0, 8)}@example.ae`,
      fullName: 'Mariam',
      phone: '+971502223344',
    })
    .returning();
  await db.insert(tables.orders).values({
    id: orderId,
    checkoutId: `order-data-${randomUUID()}`,
    customerId: customer!.id,
    paymentProvider: 'COD',
    subtotalFils: 16_000,
    shippingFils: 0,
    discountFils: 1_600,
    totalFils: 14_400,
    customerName: 'مريم',
    customerEmail: customer!.email,
    customerPhone: '+971502223344',
    emirate: 'dubai',
    city: 'deira',
    address: 'Al Rigga Street, Building 12',
    locale: 'ar',
    requestId: 'req-order-data',
  });
  const line = (name: string, nameAr: string, quantity: number, at: string) => ({
    orderId,
    productId: variation.productId,
    variationId: variation.id,
    name,
    nameAr,
    variation: { weight: '250g', beans: variation.beansAr ? 'House' : null, additions: null },
    unitFils: 5_000,
    quantity,
    lineFils: 5_000 * quantity,
    createdAt: new Date(at),
  });
  // Added second but written first: the mail lists lines in the order they were added.
  await db.insert(tables.orderItems).values(line('Second', 'الثاني', 1, '2026-11-23T10:00:02Z'));
  await db.insert(tables.orderItems).values(line('First', 'الأول', 2, '2026-11-23T10:00:01Z'));
  await db.insert(tables.orderDiscounts).values([
    { orderId, kind: 'PROMOTION', code: 'WELCOME10', name: 'Welcome', nameAr: 'ترحيب', amountFils: 1_600 },
    { orderId, kind: 'FREE_SHIPPING', name: 'Free shipping', nameAr: 'شحن مجاني', amountFils: 0 },
  ]);
});
afterAll(async () => {
  await db.delete(tables.orders).where(eq(tables.orders.id, orderId));
  await close();
});

describe('loadOrderEmail', () => {
  it('reads the order with its lines in the order added, variation and discounts in Arabic, free shipping not as a discount', async () => {
    const mail = await loadOrderEmail(db, orderId, 'https://qahwa.example');
    expect(mail).toMatchObject({ locale: 'ar', requestId: 'req-order-data' });
    expect(mail!.order.items).toEqual([
      {
        name: 'الأول',
        variation: [variation.sizeAr, variation.beansAr].filter(Boolean).join(' · '),
        quantity: 2,
        unitFils: 5_000,
        lineFils: 10_000,
      },
      expect.objectContaining({ name: 'الثاني', quantity: 1, lineFils: 5_000 }),
    ]);
    expect(mail!.order.discounts).toEqual([{ name: 'ترحيب', code: 'WELCOME10', amountFils: 1_600 }]);
    expect(mail!.order).toMatchObject({ subtotalFils: 16_000, discountFils: 1_600, totalFils: 14_400 });
  });

  it('answers null for an order that does not exist', async () => {
    expect(await loadOrderEmail(db, 'QH-0')).toBeNull();
  });
});
