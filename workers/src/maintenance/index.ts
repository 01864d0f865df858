export * from './coupon-holds';
export * from './pruner';
export * from './stock-holds';
export * from './webhook-watch';
