export * from './coupon-holds';
export * from './pruner';
export * from './webhook-watch';
