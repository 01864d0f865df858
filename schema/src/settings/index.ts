export * from './messages';
export * from './settings';
