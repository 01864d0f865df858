export * from './ids';
export * from './settings';
