import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartItemCount,
  cartSubtotalFils,
  decrementItem,
  emptyCart,
  loadStoredCart,
  readStoredCart,
  removeItem,
  setQuantity,
} from '../src/cart/cart';
import { type CartItem, StoredCart } from '../src/cart/cart-item';
import { MAX_LINE_QUANTITY } from '../src/reference/constants';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  id: 'p1-v1',
  productId: 'p1',
  variationId: 'v1',
  name: 'Ethiopia Yirgacheffe',
  nameAr: 'إثيوبيا يرغاتشيفي',
  price: 65.5,
  quantity: 1,
  image: null,
  variation: { weight: '250g', beans: 'Arabica', additions: 'Normal' },
  ...over,
});

describe('cart rules (SPEC 4)', () => {
  it('merges the same product with the same weight, beans and additions', () => {
    const cart = addItem(addItem([], item()), item({ id: 'p1-other', quantity: 2 }));
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(3);
  });

  it('adds a new line for other options', () => {
    const cart = addItem(
      [item()],
      item({ id: 'p1-v2', variation: { weight: '500g', beans: 'Arabica', additions: 'Normal' } }),
    );
    expect(cart).toHaveLength(2);
  });

  it.each([0, -1, 0.5])('a quantity of %s removes the line', (q) => {
    expect(setQuantity([item()], 'p1-v1', q)).toEqual([]);
  });

  it(`holds at most ${MAX_LINE_QUANTITY} of a line, as the server accepts`, () => {
    expect(addItem([item({ quantity: 8 })], item({ id: 'p1-again', quantity: 5 }))[0]?.quantity).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(addItem([], item({ quantity: 50 }))[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setQuantity([item()], 'p1-v1', 99)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('NaN leaves the cart unchanged', () => {
    expect(setQuantity([item({ quantity: 2 })], 'p1-v1', Number.NaN)[0]?.quantity).toBe(2);
  });

  it('minus takes one away and the last one removes', () => {
    expect(decrementItem([item({ quantity: 2 })], 'p1-v1')[0]?.quantity).toBe(1);
    expect(decrementItem([item()], 'p1-v1')).toEqual([]);
  });

  it('totals in fils and item count', () => {
    const cart = [item({ quantity: 3 }), item({ id: 'x', productId: 'p2', price: 19.99 })];
    expect(cartSubtotalFils(cart)).toBe(3 * 6550 + 1999);
    expect(cartItemCount(cart)).toBe(4);
  });

  it("a stored cart with another version tag is replaced by an empty one; 'anniversary-2025-v3' is kept", () => {
    expect(loadStoredCart({ version: 'anniversary-2025-v2', items: [item()] })).toEqual(emptyCart());
    expect(loadStoredCart({ version: 'anniversary-2025-v3', items: [item()] }).items).toHaveLength(1);
    expect(loadStoredCart('garbage')).toEqual({ version: 'anniversary-2025-v3', items: [] });
  });
});

const options = ['250g', '500g', '1kg'];
const arbItem = fc
  .record({
    product: fc.integer({ min: 1, max: 4 }),
    weight: fc.constantFrom(...options),
    beans: fc.constantFrom('Arabica', 'Robusta', null),
    quantity: fc.integer({ min: 1, max: 9 }),
  })
  .map((r) =>
    item({
      id: `p${r.product}-${r.weight}-${r.beans}`,
      productId: `p${r.product}`,
      variationId: `${r.weight}-${r.beans}`,
      // One variation has one price: derive it from the options, as the catalogue would.
      price: r.product * 10 + options.indexOf(r.weight) * 2.25 + (r.beans === null ? 0.99 : r.beans.length),
      quantity: r.quantity,
      variation: { weight: r.weight, beans: r.beans, additions: 'Normal' },
    }),
  );

const key = (x: CartItem) =>
  `${x.productId}|${x.variation.weight}|${x.variation.beans}|${x.variation.additions}`;
const summary = (items: CartItem[]) =>
  items.map((x) => [key(x), x.quantity] as const).sort(([a], [b]) => a.localeCompare(b));

describe('cart properties', () => {
  it('property: adding a new line then removing it leaves the cart as it was', () => {
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 8 }), arbItem, (adds, extra) => {
        const before = adds.reduce(addItem, [] as CartItem[]);
        fc.pre(!before.some((x) => key(x) === key(extra)));
        expect(removeItem(addItem(before, extra), extra.id)).toEqual(before);
      }),
    );
  });

  it('property: adding to an existing line then setting its quantity back leaves the cart as it was', () => {
    fc.assert(
      fc.property(
        fc.array(arbItem, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer({ min: 1, max: 5 }),
        (adds, pick, q) => {
          const before = adds.reduce(addItem, [] as CartItem[]);
          const line = before[pick % before.length]!;
          const after = addItem(before, { ...line, id: 'another-id', quantity: q });
          expect(setQuantity(after, line.id, line.quantity)).toEqual(before);
        },
      ),
    );
  });

  it('property: merging is independent of the order of additions', () => {
    fc.assert(
      fc.property(
        fc
          .array(arbItem, { maxLength: 10 })
          .chain((xs) => fc.tuple(fc.constant(xs), fc.shuffledSubarray(xs, { minLength: xs.length }))),
        ([xs, shuffled]) => {
          const a = xs.reduce(addItem, [] as CartItem[]);
          const b = shuffled.reduce(addItem, [] as CartItem[]);
          expect(summary(a)).toEqual(summary(b));
          expect(cartItemCount(a)).toBe(cartItemCount(b));
          expect(cartSubtotalFils(a)).toBe(cartSubtotalFils(b));
        },
      ),
    );
  });
});

describe('the stored-cart guard', () => {
  const names = fc.record({
    weight: fc.option(fc.string(), { nil: null }),
    beans: fc.option(fc.string(), { nil: null }),
    additions: fc.option(fc.string(), { nil: null }),
  });
  // Each field is usually valid and sometimes anything at all, so both verdicts are exercised.
  const field = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() });
  const item = fc.record(
    {
      id: field(fc.string()),
      productId: field(fc.string()),
      variationId: field(fc.string()),
      name: field(fc.string()),
      nameAr: field(fc.string()),
      price: field(fc.double()),
      // Optional: a cart stored before lines carried their list price still loads.
      listPrice: field(fc.double()),
      quantity: field(fc.integer({ min: -2, max: 5 })),
      image: field(fc.option(fc.webUrl(), { nil: null })),
      variation: field(names),
      variationAr: field(names),
      extra: fc.anything(),
    },
    { requiredKeys: ['id', 'productId', 'name', 'nameAr', 'price', 'quantity', 'variation'] },
  );
  const stored = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        version: field(fc.constant('anniversary-2025-v3')),
        items: field(fc.array(item, { maxLength: 3 })),
      }),
    },
    { weight: 1, arbitrary: fc.anything() },
  );

  it('accepts exactly what the StoredCart schema accepts, with the same result', () => {
    fc.assert(
      fc.property(stored, (value) => {
        const parsed = StoredCart.safeParse(value);
        const read = readStoredCart(value);
        expect(read !== null).toBe(parsed.success);
        if (parsed.success) expect(JSON.stringify(read)).toBe(JSON.stringify(parsed.data));
      }),
      { numRuns: 2000 },
    );
  });
});
