export * from './charges';
export * from './double';
export * from './errors';
export { IDEMPOTENCY_WINDOW_MS } from './idempotency';
export * from './signature';
