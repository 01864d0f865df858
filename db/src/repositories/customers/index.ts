/** Customers: the record an order keeps up to date, and the back office's read side. */
export * from './customer-admin';
export * from './customers';
