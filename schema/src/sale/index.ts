export * from './sale-config';
