/**
 * Money is held as integer fils (1 AED = 100 fils) everywhere a sum is computed.
 * Floats appear only at the edges: the API speaks AED numbers with 2 decimals (SPEC 7),
 * and those are converted once, here, with one rounding rule.
 *
 * Rounding rule: half away from zero, at the fils. It is the rule a shopper checks with a
 * calculator (12.345 → 12.35) and the one Stripe and Tabby expect for 2-decimal currencies.
 */
export type Fils = number & { readonly __brand?: 'fils' };

export const FILS_PER_AED = 100;

/** Rounds a rational fils amount (numerator / denominator) half away from zero, in integers. */
export function divRound(numerator: number, denominator: number): Fils {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError(`divRound needs safe integers, got ${numerator}/${denominator}`);
  }
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  const rounded = r * 2 >= d ? q + 1 : q;
  // `sign * 0` is -0, which `Object.is`, `toBe` and JSON consumers can trip over.
  return rounded === 0 ? 0 : sign * rounded;
}

/**
 * AED (a number or a decimal string such as "12.5") → integer fils.
 * Goes through the decimal text so 0.1 + 0.2 style float noise cannot leak in.
 */
export function toFils(aed: number | string): Fils {
  const text = typeof aed === 'number' ? aed.toFixed(6) : aed.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`Not an amount: ${String(aed)}`);
  const [, minus, whole = '0', frac = ''] = m;
  const padded = `${frac}000000`.slice(0, 6);
  const micro = Number(whole) * 1_000_000 + Number(padded);
  const fils = divRound(micro, 10_000);
  return minus && fils !== 0 ? -fils : fils;
}

/** Integer fils → AED number with at most 2 decimals (for JSON responses). */
export function toAed(fils: Fils): number {
  return Number((fils / FILS_PER_AED).toFixed(2));
}

/** "12.50": the 2-decimal text Tabby and our displays use. */
export function filsToDecimalString(fils: Fils): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(fils);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** SPEC 9: the amount sent to the card provider is the total × 100, rounded — i.e. the fils. */
export function cardProviderAmount(totalAed: number | string): number {
  return toFils(totalAed);
}

/** A percentage of an amount, in basis points (1% = 100 bp), rounded half away from zero. */
export function percentOf(fils: Fils, basisPoints: number): Fils {
  return divRound(fils * basisPoints, 10_000);
}

/** A fraction such as 0.15 → 1500 basis points, exact to the basis point. */
export function fractionToBasisPoints(fraction: number): number {
  return Math.round(fraction * 10_000);
}

export type Locale = 'en' | 'ar';

/** Made once: building an Intl.NumberFormat costs far more than formatting with it. */
const AED_NUMBER = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Display: "AED 1,234.50" in English, "1,234.50 د.إ" in Arabic.
 * Decision: Arabic shows Latin (Western) digits. Gulf retail, banks and Tabby/Stripe checkouts
 * show prices in Latin digits in Arabic UIs, and shoppers compare our total with their
 * card statement; Arabic-Indic digits would make that comparison harder.
 */
export function formatAed(fils: Fils, locale: Locale): string {
  const number = AED_NUMBER.format(fils / FILS_PER_AED);
  return locale === 'ar' ? `${number} د.إ` : `AED ${number}`;
}
