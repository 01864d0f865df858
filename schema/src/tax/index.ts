export * from './credit';
export * from './vat';
