export * from './catalogue';
export * from './customers';
export * from './dashboard';
export * from './orders';
export * from './outbox';
export * from './shipping';
export * from './staff';
