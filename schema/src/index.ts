export * from './cart';
export * from './catalogue';
export * from './contracts';
export * from './events';
export * from './money';
export * from './reference';
export * from './shipping';
