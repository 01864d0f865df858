export * from './cart';
export * from './cart-item';
