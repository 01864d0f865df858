/** The plumbing every process shares: the outbox, processed events, consumers' dead letters, request idempotency, the request limits' counters, pruning. */
export * from './dead-letters';
export * from './idempotency';
export * from './maintenance';
export * from './outbox';
export * from './processed-events';
export * from './rate-limits';
