export * from './catalogue';
export * from './customers';
export * from './dashboard';
export * from './maintenance';
export * from './orders';
export * from './outbox';
export * from './shipping';
export * from './staff';
