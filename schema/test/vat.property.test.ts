import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Promotion, priceCart } from '../src/promotions';
import { creditOfLines, type OrderVat, vatOfOrder } from '../src/tax';

/**
 * docs/vat.md's promise, over random orders priced as the server prices them (priceCart: the
 * variations' own discounts, the sale on or off, automatic promotions and a coupon, free shipping,
 * the shipping fallback): the tax invoice's lines and shipping, taxable + VAT, add up to the
 * order's total to the fils, each line's VAT is the half-up of its own amount, and the credit notes
 * of a full refund (every line in random partial steps, shipping in one of them) cancel the
 * invoice exactly. 1,000 orders in `make test` (seeded, about a second); QAHWA_SOAK=1 runs 10,000.
 */
const RUNS = process.env.QAHWA_SOAK === '1' ? 10_000 : 1_000;
const SEED = 24_2026;
const NOW = new Date('2026-03-15T12:00:00+04:00');
const PRODUCTS = ['beans', 'ground', 'capsules', 'nuts', 'gift', 'mugs'];

const promotionArb = (i: number): fc.Arbitrary<Promotion> =>
  fc
    .record({
      type: fc.constantFrom('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING', 'BUY_X_GET_Y', 'BUNDLE'),
      coded: fc.boolean(),
      value: fc.integer({ min: 1, max: 100 }),
      fixedAed: fc.double({ min: 0.01, max: 2000, noNaN: true }),
      minOrderAmount: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
      productIds: fc.subarray(PRODUCTS, { maxLength: 3 }),
      buyQuantity: fc.integer({ min: 1, max: 3 }),
      getQuantity: fc.integer({ min: 1, max: 2 }),
      bundleDiscount: fc.integer({ min: 1, max: 60 }),
    })
    .map(
      (p): Promotion => ({
        id: `promo-${i}`,
        name: `Promotion ${i}`,
        nameAr: null,
        description: null,
        descriptionAr: null,
        code: p.coded ? `CODE${i}` : null,
        type: p.type,
        value: p.type === 'FIXED_AMOUNT' ? Math.round(p.fixedAed * 100) / 100 : p.value,
        minOrderAmount: p.minOrderAmount,
        maxUses: null,
        usedCount: 0,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        isActive: true,
        isPublic: false,
        productIds: p.productIds,
        buyQuantity: p.buyQuantity,
        getQuantity: p.getQuantity,
        bundleDiscount: p.bundleDiscount,
        targetProductIds: [],
        relationshipType: null,
      }),
    );

const orderArb = fc.record({
  lines: fc.array(
    fc.record({
      product: fc.constantFrom(...PRODUCTS),
      listFils: fc.integer({ min: 1, max: 150_000 }),
      ownDiscountPct: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
      quantity: fc.integer({ min: 1, max: 12 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  promotions: fc.tuple(promotionArb(1), promotionArb(2), promotionArb(3)).chain((all) => fc.subarray(all)),
  couponPick: fc.integer({ min: 0, max: 3 }),
  sale: fc.record({ isActive: fc.boolean(), discountPercentage: fc.integer({ min: 1, max: 100 }) }),
  shipping: fc.record({
    freeShippingThresholdFils: fc.integer({ min: 0, max: 500_00 }),
    fallbackCostFils: fc.integer({ min: 0, max: 60_00 }),
  }),
  rateBp: fc.oneof(fc.constant(500), fc.constant(500), fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  refundSeed: fc.integer({ min: 1, max: 2_147_483_646 }),
});

type Order = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function priced(order: Order) {
  return priceCart({
    lines: order.lines.map((l, i) => ({
      productId: l.product,
      variationId: `v${i}`,
      listFils: l.listFils,
      discountedFils: l.listFils - Math.round((l.listFils * l.ownDiscountPct) / 100),
      quantity: l.quantity,
    })),
    promotions: order.promotions,
    couponCode: order.couponPick === 0 ? null : `CODE${order.couponPick}`,
    shippingRules: [],
    shipping: order.shipping,
    sale: {
      ...order.sale,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      label: { en: 'Sale', ar: 'تخفيضات' },
    },
    now: NOW,
  });
}

/** Half-up from the rule's words, checked without dividing: |amount×r − vat×(1+r)| ≤ ½(1+r), ties up. */
function isHalfUpVat(amount: number, vat: number, rateBp: number): boolean {
  const diff = BigInt(amount) * BigInt(rateBp) * 2n - BigInt(vat) * BigInt(10_000 + rateBp) * 2n;
  const half = BigInt(10_000 + rateBp);
  return diff < half && diff >= -half;
}

/** Every line's units in random steps spread over a few credit notes; shipping in one of them. */
function refundInSteps(order: Order, invoice: OrderVat, quantities: number[]) {
  const rateBp = order.rateBp;
  // A small deterministic generator (Park–Miller) from the order's seed: fast-check shrinks the seed.
  let state = order.refundSeed;
  const next = () => {
    state = (state * 48_271) % 2_147_483_647;
    return state;
  };
  const credited = quantities.map(() => 0);
  const notes: ReturnType<typeof creditOfLines>[] = [];
  let shippingNote = next() % 4;
  while (credited.some((c, i) => c < quantities[i]!) || shippingNote >= 0) {
    const lines = invoice.lines.flatMap((line, i) => {
      const left = quantities[i]! - credited[i]!;
      if (left === 0 || next() % 3 === 0) return [];
      const crediting = 1 + (next() % left);
      const input = { ...line, quantity: quantities[i]!, creditedBefore: credited[i]!, crediting };
      credited[i] = credited[i]! + crediting;
      return [input];
    });
    const withShipping = shippingNote === 0;
    shippingNote -= 1;
    if (lines.length === 0 && !withShipping) continue;
    notes.push(creditOfLines({ lines, shipping: withShipping ? invoice.shipping : null, rateBp }));
  }
  return notes;
}

/** Plain checks: vitest's expect, ~40 a round, would take most of the sample's time. */
function same(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: ${String(actual)} ≠ ${String(expected)}`);
}
function sameJson(actual: unknown, expected: unknown): void {
  same(JSON.stringify(actual), JSON.stringify(expected), 'credited');
}

describe('VAT invoices add up', () => {
  it(`invoice = order total and a full refund's credit notes cancel it, over ${RUNS} random orders`, () => {
    let withVat = 0;
    let withDiscount = 0;
    let notesIssued = 0;
    fc.assert(
      fc.property(orderArb, (order) => {
        const price = priced(order);
        const invoice = vatOfOrder({
          lines: price.lines.map((l) => ({ key: l.variationId, lineFils: l.lineFils })),
          discountFils: price.discountFils,
          shippingFils: price.shippingFils,
          rateBp: order.rateBp,
        });
        // The invoice adds up to the order's total to the fils, line by line.
        const sum = invoice.lines.reduce(
          (a, l) => a + l.taxableFils + l.vatFils,
          invoice.shipping.taxableFils + invoice.shipping.vatFils,
        );
        same(sum, price.totalFils, 'sum');
        same(invoice.totalFils, price.totalFils, 'invoice.totalFils');
        same(invoice.taxableFils + invoice.vatFils, price.totalFils, 'invoice.taxableFils + invoice.vatFils');
        same(
          invoice.lines.reduce((a, l) => a + l.discountFils, 0),
          price.discountFils,
          'lines’ discounts',
        );
        for (const line of invoice.lines) {
          same(line.discountFils >= 0, true, 'line.discountFils ≥ 0');
          same(line.discountFils <= line.grossFils, true, 'line.discountFils ≤ line.grossFils');
          same(line.grossFils - line.discountFils, line.taxableFils + line.vatFils, 'line adds up');
          same(isHalfUpVat(line.totalFils, line.vatFils, order.rateBp), true, 'line VAT half-up');
        }
        same(
          isHalfUpVat(invoice.shipping.grossFils, invoice.shipping.vatFils, order.rateBp),
          true,
          'shipping VAT half-up',
        );
        if (invoice.vatFils > 0) withVat += 1;
        if (price.discountFils > 0) withDiscount += 1;

        const steps = refundInSteps(
          order,
          invoice,
          price.lines.map((l) => l.quantity),
        );
        notesIssued += steps.length;
        const credited = { taxable: 0, vat: 0, total: 0 };
        const perLine = invoice.lines.map(() => ({ gross: 0, discount: 0, taxable: 0, vat: 0 }));
        for (const note of steps) {
          same(note.taxableFils + note.vatFils, note.totalFils, 'note adds up');
          credited.taxable += note.taxableFils;
          credited.vat += note.vatFils;
          credited.total += note.totalFils;
          for (const line of note.lines) {
            for (const v of [line.grossFils, line.discountFils, line.taxableFils, line.vatFils]) {
              same(v >= 0, true, 'v ≥ 0');
            }
            const i = invoice.lines.findIndex((l) => l.key === line.key);
            perLine[i]!.gross += line.grossFils;
            perLine[i]!.discount += line.discountFils;
            perLine[i]!.taxable += line.taxableFils;
            perLine[i]!.vat += line.vatFils;
          }
        }
        sameJson(credited, {
          taxable: invoice.taxableFils,
          vat: invoice.vatFils,
          total: invoice.totalFils,
        });
        sameJson(
          perLine,
          invoice.lines.map((l) => ({
            gross: l.grossFils,
            discount: l.discountFils,
            taxable: l.taxableFils,
            vat: l.vatFils,
          })),
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The sample is not degenerate: most orders carry VAT, many a discount, refunds take steps.
    expect(withVat).toBeGreaterThan(RUNS / 2);
    expect(withDiscount).toBeGreaterThan(RUNS / 10);
    expect(notesIssued).toBeGreaterThan(RUNS * 1.5);
  }, 300_000);
});
