export * from './grants';
export * from './messages';
export * from './password';
