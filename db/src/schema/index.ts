export * from './catalogue';
export * from './columns';
export * from './customers';
export * from './events';
export * from './marketing';
export * from './orders';
export * from './staff';
