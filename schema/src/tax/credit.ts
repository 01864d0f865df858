import type { Fils } from '../money/money';
import { requireRateBp, VatInputError, vatIncluded } from './vat';

/**
 * The credit (credit note) of part or all of an invoiced line, computed cumulatively: "q of Q
 * units credited so far" is worth the line's total × q / Q and its discount × q / Q (half-up),
 * with the VAT inside that total by the invoice's own rule (vatIncluded), and all of the
 * invoice's figures at q = Q. A step's credit is what those cumulative figures grow by. So
 * however a line is credited in steps, the steps add up to exactly what the invoice charged, no
 * step's figure is negative, and a step's taxable + VAT is its total.
 */

export interface InvoicedLine {
  key: string;
  /** The quantity the invoice charged. */
  quantity: number;
  grossFils: Fils;
  discountFils: Fils;
  taxableFils: Fils;
  vatFils: Fils;
}

export interface CreditLineInput extends InvoicedLine {
  /** Units of this line already credited by earlier credit notes. */
  creditedBefore: number;
  /** Units this credit note gives back. */
  crediting: number;
}

export interface CreditLine {
  key: string;
  quantity: number;
  grossFils: Fils;
  discountFils: Fils;
  taxableFils: Fils;
  vatFils: Fils;
  /** taxable + VAT: the money given back for the line. */
  totalFils: Fils;
}

export interface InvoicedShipping {
  grossFils: Fils;
  taxableFils: Fils;
  vatFils: Fils;
}

export interface OrderCredit {
  lines: CreditLine[];
  /** Shipping's credit, all of it (shipping is credited whole or not at all); null when not credited. */
  shipping: InvoicedShipping | null;
  taxableFils: Fils;
  vatFils: Fils;
  totalFils: Fils;
}

/** half-up of value × q / Q, in BigInt so large figures lose nothing. */
function share(value: Fils, q: number, of: number): Fils {
  if (q === of) return value;
  if (q === 0 || value === 0) return 0;
  const n = BigInt(value) * BigInt(q);
  const d = BigInt(of);
  return Number((2n * n + d) / (2n * d));
}

interface Cumulative {
  grossFils: Fils;
  discountFils: Fils;
  vatFils: Fils;
  totalFils: Fils;
}

function cumulative(line: InvoicedLine, q: number, rateBp: number): Cumulative {
  if (q === line.quantity) {
    return {
      grossFils: line.grossFils,
      discountFils: line.discountFils,
      vatFils: line.vatFils,
      totalFils: line.taxableFils + line.vatFils,
    };
  }
  const totalFils = share(line.taxableFils + line.vatFils, q, line.quantity);
  const discountFils = share(line.discountFils, q, line.quantity);
  // Never above the invoice's VAT, so the last step cannot be negative.
  const vatFils = Math.min(vatIncluded(totalFils, rateBp), line.vatFils);
  return { grossFils: totalFils + discountFils, discountFils, vatFils, totalFils };
}

export function creditOfLines(input: {
  lines: readonly CreditLineInput[];
  /** Shipping's invoice figures when this credit gives shipping back, else null. */
  shipping: InvoicedShipping | null;
  /** The order's rate (orders.vat_rate_bp), the one its invoice was computed with. */
  rateBp: number;
}): OrderCredit {
  requireRateBp(input.rateBp);
  const lines = input.lines.map((line): CreditLine => {
    const { quantity, creditedBefore, crediting } = line;
    if (
      !Number.isInteger(quantity) ||
      !Number.isInteger(creditedBefore) ||
      !Number.isInteger(crediting) ||
      quantity <= 0 ||
      creditedBefore < 0 ||
      crediting < 0 ||
      creditedBefore + crediting > quantity
    ) {
      throw new VatInputError(
        `line ${line.key}: cannot credit ${crediting} after ${creditedBefore} of ${quantity}`,
      );
    }
    if (line.grossFils - line.discountFils !== line.taxableFils + line.vatFils) {
      throw new VatInputError(`line ${line.key}: invoice figures do not add up`);
    }
    const before = cumulative(line, creditedBefore, input.rateBp);
    const after = cumulative(line, creditedBefore + crediting, input.rateBp);
    const vatFils = after.vatFils - before.vatFils;
    const totalFils = after.totalFils - before.totalFils;
    return {
      key: line.key,
      quantity: crediting,
      grossFils: after.grossFils - before.grossFils,
      discountFils: after.discountFils - before.discountFils,
      taxableFils: totalFils - vatFils,
      vatFils,
      totalFils,
    };
  });
  const shipping = input.shipping ? { ...input.shipping } : null;
  const taxableFils = lines.reduce((a, l) => a + l.taxableFils, shipping?.taxableFils ?? 0);
  const vatFils = lines.reduce((a, l) => a + l.vatFils, shipping?.vatFils ?? 0);
  return { lines, shipping, taxableFils, vatFils, totalFils: taxableFils + vatFils };
}
