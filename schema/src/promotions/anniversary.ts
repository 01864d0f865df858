import { ANNIVERSARY_CODE } from '../reference/constants';
import { isSaleActive, type SaleConfig } from '../sale/sale-config';
import { normalizeCouponCode } from '../validation/coupon-box';

/*
 * SPEC 3 / 9: "The code ANNIVERSARY_2025 drives the anniversary sale." The sale is the store's
 * setting ('sale': off, 2025-09-01 to 2025-12-31, 40 %); the code is the same offer handed out by
 * code (a flyer, a mail). So the code is usable only while the sale runs, and what it gives is the
 * sale, which already prices every unit for everyone: nothing more comes off (never 40 % on top of
 * 40 %). docs/promotions.md "The anniversary sale and its code".
 */

/** The typed code is the anniversary's, in any case and with spaces around it. */
export function isAnniversaryCode(code: string | null | undefined): boolean {
  return normalizeCouponCode(code ?? '') === ANNIVERSARY_CODE;
}

/** Whether the anniversary code may be used now: only while the store's sale is on and in its window. */
export function isAnniversaryCodeUsable(sale: SaleConfig, now: Date): boolean {
  return isSaleActive(sale, now);
}
