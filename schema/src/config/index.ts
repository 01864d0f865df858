export * from './database';
export * from './env';
export * from './revalidation';
export * from './stripe';
export * from './tabby';
