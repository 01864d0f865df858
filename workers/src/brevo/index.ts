export * from './client';
export * from './contacts';
export * from './feed';
export * from './sync';
