export * from './shipping';
