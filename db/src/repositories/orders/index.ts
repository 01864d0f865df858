/** Orders: the order a checkout records, and the back office's list, detail and moves. */
export * from './order-admin';
export * from './order-tracking';
export * from './orders';
