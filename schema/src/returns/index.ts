export * from './contracts';
export * from './messages';
export * from './rules';
