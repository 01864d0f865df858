/** Promotions and coupons: the reads pricing uses, redemptions, the back office's edits. */
export * from './promotion-editing';
export * from './promotions';
