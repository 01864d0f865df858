/** What shoppers send besides orders (contact messages, newsletter, product views) and the Brevo sync queue. */
export * from './crm';
export * from './engagement';
export * from './marketing';
