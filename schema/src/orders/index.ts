export * from './timeline-labels';
export * from './transitions';
