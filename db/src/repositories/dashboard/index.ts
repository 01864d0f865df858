/** The back office dashboard's reads over the projections. */
export * from './dashboard';
