export * from './config';
export * from './durable-consumer';
export * from './errors';
export * from './health';
export * from './maintenance';
export * from './outbox-relay';
export * from './projections';
export * from './stream';
