export * from './catalogue';
export * from './dubai-day';
export * from './locks';
export * from './order-stats';
export * from './payments';
export * from './product-views';
export * from './rebuild';
