/**
 * The payment providers' side of checkout (`@qahwa/checkout/payments`): the Stripe client and the
 * card steps, the payment events, the Tabby client, and the stable event ids they share. Each
 * module's exports are its public face, so the entry re-exports them whole.
 */
export * from './event-ids';
export * from './refunds';
export * from './saved-cards';
export * from './stripe';
export * from './stripe-events';
export * from './tabby';
