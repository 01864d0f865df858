export * from './charges';
export * from './double';
export * from './errors';
export * from './signature';
