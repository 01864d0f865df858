export * from './activities';
export * from './checkout/errors';
export * from './client';
