/*
 * A subscription's ids, one rule each (docs/subscriptions.md "Ids and idempotency"): the number
 * names the workflow, each cycle's order and each charge attempt, so every retry, replay and
 * restart lands on the same row, the same order and the same Stripe answer.
 */

/** SB-100001: the number shoppers read out (the `subscription_number_seq` sequence). */
export const SUBSCRIPTION_NUMBER = /^SB-\d{6,}$/;

/** The workflow's id: one run at a time per subscription. */
export const subscriptionWorkflowId = (number: string) => `subscription-${number}`;

/**
 * The checkout id of a cycle's order (`orders.checkout_id` is unique: one order per cycle even
 * if the order core is called twice). Fits the contracts' CheckoutId shape.
 */
export const cycleCheckoutId = (number: string, cycle: number) => `sub-${number}-c${cycle}`;

/**
 * The Idempotency-Key of one charge attempt of a cycle. Per attempt, not per cycle: Stripe keeps
 * a decline's 402 under its key, so the retry after 1, 3 or 5 days must be a new key, while a
 * crashed activity's retry of the same attempt replays Stripe's first answer (one charge).
 */
export const cycleChargeKey = (number: string, cycle: number, attempt: number) =>
  `subscription-${number}-cycle-${cycle}-attempt-${attempt}`;
