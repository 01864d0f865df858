export * from './messages';
export * from './summary-text';
export * from './totals';
