export * from './backoff';
export * from './outbox-relay';
