export * from './dubai-day';
export * from './order-stats';
export * from './payments';
export * from './product-views';
