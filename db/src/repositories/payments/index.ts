/** Payments: checkouts priced before the shopper paid, pay-later sessions, the payments screen. */
export * from './checkouts';
export * from './pay-later-sessions';
export * from './payments-admin';
