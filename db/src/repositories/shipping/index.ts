/** Shipping rules: the reads pricing uses and the back office's edits. */
export * from './shipping';
export * from './shipping-editing';
