export * from '@qahwa/checkout/errors';
export * from './activities';
export * from './client';
