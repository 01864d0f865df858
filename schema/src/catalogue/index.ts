export * from './options';
export * from './pricing';
export * from './product';
export * from './search';
export * from './stock';
export * from './variation-table';
