export * from './pruner';
export * from './webhook-watch';
