export * from './phone-search';
