export * from './double';
export * from './signature';
