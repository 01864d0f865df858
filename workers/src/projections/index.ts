export * from './dubai-day';
export * from './order-stats';
export * from './product-views';
