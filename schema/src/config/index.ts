export * from './database';
export * from './env';
