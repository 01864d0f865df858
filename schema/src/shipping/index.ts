export * from './delivery-estimate';
export * from './shipping';
