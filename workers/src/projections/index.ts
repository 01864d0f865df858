export * from './dubai-day';
export * from './order-stats';
