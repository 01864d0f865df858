export * from './constants';
export * from './emirates';
