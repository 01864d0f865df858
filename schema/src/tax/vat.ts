import type { Fils } from '../money/money';

/**
 * The VAT of an order whose prices include VAT (B2C in the UAE), with the one written rounding
 * rule of docs/vat.md:
 *
 * 1. The goods discount is spread over the lines in proportion to their amounts, the fils left
 *    over by the floors going to the largest remainders (ties: the earlier line), so the lines'
 *    discounts add up to the order's discount and no line's discount exceeds its amount.
 * 2. Per line (and for shipping, which carries VAT too): VAT = half-up of
 *    charged × rate / (1 + rate), where charged = gross − discount; taxable = charged − VAT.
 * 3. Nothing else is rounded, so taxable + VAT of every line and of shipping add up to the
 *    order total to the fils.
 */

/** Basis points: 500 = 5 %. The UAE's standard rate. */
export const UAE_VAT_RATE_BP = 500;
const BP = 10_000;

export interface VatInputLine {
  /** The caller's name for the line (an order item id, a cart key): echoed back. */
  key: string;
  /** Unit price × quantity, VAT included, before the order's discount. */
  lineFils: Fils;
}

export interface VatLine {
  key: string;
  /** The line's amount before the discount (unit price × quantity, VAT included). */
  grossFils: Fils;
  /** This line's share of the order's goods discount. */
  discountFils: Fils;
  /** gross − discount − VAT: the amount VAT is charged on. */
  taxableFils: Fils;
  vatFils: Fils;
  /** gross − discount = taxable + VAT: what the shopper pays for the line. */
  totalFils: Fils;
}

export interface VatShipping {
  grossFils: Fils;
  taxableFils: Fils;
  vatFils: Fils;
}

export interface OrderVat {
  lines: VatLine[];
  shipping: VatShipping;
  /** Lines' and shipping's taxable amounts added. */
  taxableFils: Fils;
  /** Lines' and shipping's VAT added. */
  vatFils: Fils;
  /** taxable + VAT = Σ lines − discount + shipping: the order total. */
  totalFils: Fils;
}

export class VatInputError extends RangeError {
  override readonly name = 'VatInputError';
  readonly code = 'VAT_INPUT_INVALID';
}

export function isVatInputError(e: unknown): e is VatInputError {
  return e instanceof VatInputError;
}

function requireFils(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new VatInputError(`${what} must be a non-negative integer of fils, got ${value}`);
  }
}

export function requireRateBp(rateBp: number): void {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BP) {
    throw new VatInputError(`rateBp must be an integer from 0 to 10000, got ${rateBp}`);
  }
}

/**
 * The VAT inside an amount that includes it: half-up of amount × rate / (1 + rate), in integers
 * (BigInt, so no product of two large figures can lose a fils).
 */
export function vatIncluded(amountFils: Fils, rateBp: number): Fils {
  requireFils('amount', amountFils);
  requireRateBp(rateBp);
  if (rateBp === 0 || amountFils === 0) return 0;
  const numerator = BigInt(amountFils) * BigInt(rateBp);
  const denominator = BigInt(BP + rateBp);
  // half-up: floor((2n + d) / 2d)
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * Splits `amount` over `weights` in proportion, largest remainder first (ties: the earlier
 * weight), so the parts add up to `amount` exactly and no part exceeds its weight when
 * amount ≤ Σ weights.
 */
export function allocateByLargestRemainder(amount: Fils, weights: readonly Fils[]): Fils[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const bigAmount = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((w) => {
    const product = bigAmount * BigInt(w);
    return { floor: Number(product / bigTotal), remainder: product % bigTotal };
  });
  let left = amount - parts.reduce((a, p) => a + p.floor, 0);
  const order = parts
    .map((p, index) => ({ index, remainder: p.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = parts.map((p) => p.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

export function vatOfOrder(input: {
  lines: readonly VatInputLine[];
  /** The goods discount (coupons, automatic promotions), never more than the lines' sum. */
  discountFils: Fils;
  /** Shipping as charged (0 when free), VAT included. */
  shippingFils: Fils;
  rateBp: number;
}): OrderVat {
  requireRateBp(input.rateBp);
  requireFils('discountFils', input.discountFils);
  requireFils('shippingFils', input.shippingFils);
  for (const line of input.lines) requireFils(`line ${line.key}`, line.lineFils);
  const goods = input.lines.reduce((a, l) => a + l.lineFils, 0);
  if (input.discountFils > goods) {
    throw new VatInputError(`discountFils ${input.discountFils} is more than the lines' ${goods} fils`);
  }
  const discounts = allocateByLargestRemainder(
    input.discountFils,
    input.lines.map((l) => l.lineFils),
  );
  const lines = input.lines.map((line, i): VatLine => {
    const discountFils = discounts[i] ?? 0;
    const totalFils = line.lineFils - discountFils;
    const vatFils = vatIncluded(totalFils, input.rateBp);
    return {
      key: line.key,
      grossFils: line.lineFils,
      discountFils,
      taxableFils: totalFils - vatFils,
      vatFils,
      totalFils,
    };
  });
  const shippingVat = vatIncluded(input.shippingFils, input.rateBp);
  const shipping: VatShipping = {
    grossFils: input.shippingFils,
    taxableFils: input.shippingFils - shippingVat,
    vatFils: shippingVat,
  };
  const taxableFils = lines.reduce((a, l) => a + l.taxableFils, shipping.taxableFils);
  const vatFils = lines.reduce((a, l) => a + l.vatFils, shipping.vatFils);
  return { lines, shipping, taxableFils, vatFils, totalFils: taxableFils + vatFils };
}

/** The rate as people write it: 500 → "5", 550 → "5.5", 1_250 → "12.5" (labels print it; never hard-coded). */
export function vatRateText(rateBp: number): string {
  requireRateBp(rateBp);
  return String(rateBp / 100);
}
