export * from './cart';
export * from './cart-item';
export * from './cart-line';
export * from './line-claim';
