/** The store's settings, one versioned document per section. */
export * from './settings';
