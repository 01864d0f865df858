import { priceCheckout } from '@qahwa/checkout';
import { createDb, type DbHandle, eq, tables } from '@qahwa/db';
import { resetDatabase } from '@qahwa/db/testing';
import { DEFAULT_SHIPPING_SETTINGS, SALE_CONFIG } from '@qahwa/schema';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * priceCheckout against the real database: every promotion type that prices an order, automatic
 * promotions, minimum order, product scope, Dubai dates, the sale and the stacking rules, with
 * the seeded catalogue's prices (AED): intenso capsules 22, lungo capsules 24 − 15 % = 20.40,
 * brass dallah 165, Arabic coffee cardamom 250g 48, Colombian 250g 52 − 10 % = 46.80,
 * Brazil Santos 1kg Arabica 149. Shipping: 25 under 200, free from 200.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl;
let handle: DbHandle;
const v = new Map<string, { id: string; productId: string }>();

beforeAll(async () => {
  handle = createDb(DATABASE_URL);
});
afterAll(async () => handle?.close());

beforeEach(async () => {
  await resetDatabase(handle.db);
  // Only one 40 % code is left switched on: the demo's anniversary promotion under a code of its
  // own (ANNIVERSARY_2025 itself follows the store's sale, docs/promotions.md, and is tested in
  // gateway/test/anniversary-code.int.test.ts); each test adds what it is about.
  await handle.db.update(tables.promotions).set({ isActive: false });
  await handle.db
    .update(tables.promotions)
    .set({ isActive: true, code: 'AUTUMN40' })
    .where(eq(tables.promotions.code, 'ANNIVERSARY_2025'));
  const rows = await handle.db
    .select({
      id: tables.productVariations.id,
      productId: tables.productVariations.productId,
      slug: tables.products.slug,
      size: tables.variationSizes.displayName,
      priceFils: tables.productVariations.priceFils,
    })
    .from(tables.productVariations)
    .innerJoin(tables.products, eq(tables.products.id, tables.productVariations.productId))
    .innerJoin(tables.variationSizes, eq(tables.variationSizes.id, tables.productVariations.sizeId));
  const pick = (name: string, slug: string, size: string, priceFils: number) => {
    const row = rows.find((r) => r.slug === slug && r.size === size && r.priceFils === priceFils);
    if (!row) throw new Error(`seed changed: ${slug} ${size} ${priceFils}`);
    v.set(name, { id: row.id, productId: row.productId });
  };
  pick('intenso', 'intenso-capsules', '10 capsules', 2200);
  pick('lungo', 'lungo-capsules', '10 capsules', 2400);
  pick('dallah', 'brass-dallah', 'One size', 16500);
  pick('cardamom', 'arabic-coffee-ground-cardamom', '250g', 4800);
  pick('colombian', 'colombian-supremo', '250g', 5200);
  pick('brazil', 'brazil-santos', '1kg', 14900);
});

const item = (name: string, quantity: number) => ({ variationId: v.get(name)!.id, quantity });
const productOf = (name: string) => v.get(name)!.productId;

async function addPromotion(
  p: Partial<typeof tables.promotions.$inferInsert> & { name: string; type: string },
) {
  const [row] = await handle.db
    .insert(tables.promotions)
    .values({
      startDate: new Date('2020-01-01T00:00:00+04:00'),
      endDate: new Date('2099-12-31T23:59:59+04:00'),
      isActive: true,
      ...p,
    })
    .returning();
  return row!;
}

describe('priceCheckout: the server prices every promotion type from the database', () => {
  it('prices a cart with no coupon at the variations’ own prices, shipping 25 under 200 AED', async () => {
    const p = await priceCheckout(handle.db, { items: [item('colombian', 2)], city: 'deira' });
    expect(p).toMatchObject({
      subtotalFils: 93_60,
      discountFils: 0,
      shippingFils: 25_00,
      totalFils: 118_60,
      coupon: { status: 'none' },
      discounts: [],
    });
    expect(p.amountToFreeShippingFils).toBe(106_40);
  });

  it('PERCENTAGE: a 40 % code takes 40 % off, typed in any case, and is recorded as a discount line', async () => {
    const p = await priceCheckout(handle.db, {
      items: [item('dallah', 1), item('cardamom', 1)],
      city: 'deira',
      couponCode: ' autumn40 ',
    });
    // 165 + 48 = 213 → 40 % = 85.20; shipping free (subtotal ≥ 200)
    expect(p).toMatchObject({
      subtotalFils: 213_00,
      discountFils: 85_20,
      shippingFils: 0,
      totalFils: 127_80,
    });
    expect(p.coupon).toMatchObject({ status: 'applied', discountFils: 85_20 });
    expect(p.discounts).toEqual([
      expect.objectContaining({
        kind: 'PROMOTION',
        code: 'AUTUMN40',
        name: 'Anniversary Sale',
        nameAr: 'تخفيضات الذكرى السنوية',
        promotionType: 'PERCENTAGE',
        amountFils: 85_20,
      }),
    ]);
    expect(p.redeem).toHaveLength(1);
  });

  it('FIXED_AMOUNT with a minimum order: refused below it with the amount, applied from it', async () => {
    await handle.db
      .update(tables.promotions)
      .set({ isActive: true })
      .where(eq(tables.promotions.code, 'WELCOME10'));
    const small = await priceCheckout(handle.db, { items: [item('colombian', 2)], couponCode: 'WELCOME10' });
    expect(small.coupon).toMatchObject({
      status: 'refused',
      refusal: { code: 'coupon.minOrder', params: { amount: '100.00' } },
    });
    expect(small.discountFils).toBe(0);
    const big = await priceCheckout(handle.db, { items: [item('colombian', 3)], couponCode: 'WELCOME10' });
    expect(big).toMatchObject({
      subtotalFils: 140_40,
      discountFils: 10_00,
      totalFils: 140_40 - 10_00 + 25_00,
    });
  });

  it('FREE_SHIPPING: the shipping line is 0 and the waived 25 AED is kept as its discount line', async () => {
    await handle.db
      .update(tables.promotions)
      .set({ isActive: true })
      .where(eq(tables.promotions.code, 'FREESHIP'));
    const p = await priceCheckout(handle.db, { items: [item('intenso', 1)], couponCode: 'freeship' });
    expect(p).toMatchObject({
      subtotalFils: 22_00,
      discountFils: 0,
      shippingFils: 0,
      totalFils: 22_00,
      freeShipping: true,
    });
    expect(p.discounts).toEqual([expect.objectContaining({ kind: 'FREE_SHIPPING', amountFils: 25_00 })]);
  });

  it('BUY_X_GET_Y on capsules: the cheapest of every three eligible packs is free; other products pay', async () => {
    await handle.db
      .update(tables.promotions)
      .set({ isActive: true })
      .where(eq(tables.promotions.code, 'CAPS3'));
    const p = await priceCheckout(handle.db, {
      items: [item('intenso', 2), item('lungo', 1), item('colombian', 1)],
      couponCode: 'CAPS3',
    });
    // units 22, 22, 20.40 → the 20.40 lungo is free; the Colombian is outside the scope
    expect(p).toMatchObject({ subtotalFils: 22_00 * 2 + 20_40 + 46_80, discountFils: 20_40 });
    const short = await priceCheckout(handle.db, { items: [item('intenso', 2)], couponCode: 'CAPS3' });
    expect(short.coupon).toMatchObject({
      status: 'refused',
      refusal: { code: 'coupon.buyMore', params: { missing: 1 } },
    });
  });

  it('BUNDLE: 15 % off each complete dallah + cardamom coffee set, and nothing without the set', async () => {
    await handle.db
      .update(tables.promotions)
      .set({ isActive: true })
      .where(eq(tables.promotions.code, 'DALLAHSET'));
    const p = await priceCheckout(handle.db, {
      items: [item('dallah', 1), item('cardamom', 2)],
      couponCode: 'DALLAHSET',
    });
    expect(p.discountFils).toBe(Math.round((165_00 + 48_00) * 0.15)); // one set: 31.95
    const alone = await priceCheckout(handle.db, { items: [item('dallah', 1)], couponCode: 'DALLAHSET' });
    expect(alone.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.bundleIncomplete' } });
  });

  it('automatic promotions apply with no code; the single largest goods discount wins, free shipping stacks', async () => {
    await addPromotion({
      name: 'Beans week',
      type: 'PERCENTAGE',
      value: 10,
      productIds: [productOf('brazil')],
    });
    await addPromotion({ name: 'Free delivery', type: 'FREE_SHIPPING', value: 0 });
    const p = await priceCheckout(handle.db, { items: [item('brazil', 1)] });
    expect(p).toMatchObject({
      subtotalFils: 149_00,
      discountFils: 14_90,
      shippingFils: 0,
      totalFils: 134_10,
    });
    expect(p.discounts.map((d) => d.kind)).toEqual(['PROMOTION', 'FREE_SHIPPING']);
    // The 40 % coupon beats the automatic 10 %: one goods discount, never both; free shipping stays.
    const withCoupon = await priceCheckout(handle.db, {
      items: [item('brazil', 1)],
      couponCode: 'AUTUMN40',
    });
    expect(withCoupon).toMatchObject({ discountFils: 59_60, shippingFils: 0, totalFils: 89_40 });
    expect(withCoupon.coupon.status).toBe('applied');
    expect(withCoupon.redeem).toHaveLength(2);
  });

  it('a coupon smaller than an automatic promotion is outranked: the shopper gets the larger one', async () => {
    await addPromotion({ name: 'Half price', type: 'PERCENTAGE', value: 50 });
    const p = await priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'AUTUMN40' });
    expect(p.coupon.status).toBe('outranked');
    expect(p.discountFils).toBe(74_50);
  });

  it('product scope: a promotion on other products is refused as not applicable', async () => {
    await addPromotion({
      name: 'Dates only',
      code: 'DATES5',
      type: 'FIXED_AMOUNT',
      value: 5,
      productIds: [productOf('dallah')],
    });
    const p = await priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'DATES5' });
    expect(p.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.notApplicable' } });
  });

  it('dates are whole days in Dubai: a code ending today still works at 23:30 Dubai and is expired at 00:00', async () => {
    await addPromotion({
      name: 'Ends on the 10th',
      code: 'TENTH',
      type: 'PERCENTAGE',
      value: 20,
      startDate: new Date('2026-03-01T00:00:00+04:00'),
      endDate: new Date('2026-03-10T23:59:59.999+04:00'),
    });
    const at = (iso: string) =>
      priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'TENTH', now: new Date(iso) });
    expect((await at('2026-03-10T23:30:00+04:00')).discountFils).toBe(29_80);
    expect((await at('2026-03-11T00:00:00+04:00')).coupon).toMatchObject({
      status: 'refused',
      refusal: { code: 'coupon.expired' },
    });
    expect((await at('2026-02-28T23:59:00+04:00')).coupon).toMatchObject({
      status: 'refused',
      refusal: { code: 'coupon.notStarted' },
    });
  });

  it('an unknown code, and a switched-off one, are refused with their reason', async () => {
    const unknown = await priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'NOPE' });
    expect(unknown.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.invalid' } });
    const off = await priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'WELCOME10' });
    expect(off.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.inactive' } });
  });

  it('a used-up code is refused with the usage limit', async () => {
    await addPromotion({
      name: 'One only',
      code: 'ONCE',
      type: 'PERCENTAGE',
      value: 10,
      maxUses: 1,
      uses: 1,
    });
    const p = await priceCheckout(handle.db, { items: [item('brazil', 1)], couponCode: 'ONCE' });
    expect(p.coupon).toMatchObject({ status: 'refused', refusal: { code: 'coupon.usageLimit' } });
  });

  it('the sale (when switched on) lowers each unit to the lower of its own discount and 40 %, never both', async () => {
    const sale = { ...SALE_CONFIG, isActive: true, startDate: '2026-01-01', endDate: '2026-12-31' };
    const p = await priceCheckout(handle.db, {
      items: [item('colombian', 1), item('intenso', 1)],
      settings: {
        shipping: DEFAULT_SHIPPING_SETTINGS,
        sale,
        vatRateBp: 0,
        versions: { shipping: 0, sale: 1, vat: 0 },
      },
      now: new Date('2026-06-01T12:00:00+04:00'),
    });
    // Colombian 52 → 40 % = 31.20 (lower than its own 46.80); intenso 22 → 13.20
    expect(p.lines.map((l) => l.unitFils).sort()).toEqual([13_20, 31_20]);
    expect(p.subtotalFils).toBe(44_40);
    expect(p.discounts).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        promotionId: null,
        name: 'Anniversary Sale — 40% off',
        amountFils: 15_60 + 8_80,
      }),
    ]);
    // SPEC 3: off by default, so list prices apply.
    const off = await priceCheckout(handle.db, {
      items: [item('colombian', 1)],
      now: new Date('2026-06-01T12:00:00+04:00'),
    });
    expect(off.subtotalFils).toBe(46_80);
  });
});
