export * from './durable-consumer';
export * from './errors';
export * from './outbox-relay';
export * from './projections';
export * from './stream';
