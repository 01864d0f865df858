export * from './auth';
export * from './orders';
export * from './products';
export * from './workflows';
