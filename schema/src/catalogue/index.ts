export * from './options';
export * from './pricing';
export * from './product';
export * from './variation-table';
