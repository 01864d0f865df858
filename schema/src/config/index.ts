export * from './database';
export * from './env';
export * from './stripe';
export * from './tabby';
