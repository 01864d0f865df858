/** Products, categories, variations, their stock and reviews: the storefront's reads and the back office's writes. */
export * from './catalogue';
export * from './categories';
export * from './product-editing';
export * from './reviews';
export * from './stock';
export * from './stock-holds';
export * from './variations';
