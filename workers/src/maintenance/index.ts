export * from './pruner';
