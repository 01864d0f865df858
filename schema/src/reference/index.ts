export * from './constants';
export * from './emirates';
export * from './gulf-time';
export * from './locale';
export * from './services';
