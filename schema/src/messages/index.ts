export * from './catalogue';
export * from './localized-text';
