export * from './discounts';
export * from './messages';
export * from './price-cart';
export * from './promotion';
export * from './promotion-status';
export * from './recommendations';
export * from './stacking';
export * from './validate-code';
