export * from './cart';
export * from './cart-item';
export * from './cart-line';
