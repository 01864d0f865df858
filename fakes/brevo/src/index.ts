export * from './fake';
