/**
 * The workers' JetStream plumbing: the stream, durable consumers (alone or grouped), message
 * envelopes, their errors, and the loops and limiter they run on. Every feature consumer imports
 * from here; the files in this folder import one another directly, never through this index.
 */
export * from './consumer-group';
export * from './consumer-setup';
export * from './durable-consumer';
export * from './errors';
export * from './event-envelope';
export * from './limiter';
export * from './run-loop';
export * from './sleeper';
export * from './stream';
