export * from './database';
export * from './env';
export * from './nats';
export * from './payment-doubles';
export * from './revalidation';
export * from './stripe';
export * from './tabby';
