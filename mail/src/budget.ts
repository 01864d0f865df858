/*
 * Each address's daily budget of mail (docs/email.md "The daily budget"). Anyone can type someone
 * else's address into the storefront's forms; the budget caps what that makes the store send to
 * one mailbox in 24 hours. Three classes, each counted on its own, so a flood of one kind never
 * blocks another:
 * - `shopper`: mail a stranger can trigger for free (contact acknowledgement, newsletter
 *   confirmation and welcome, cart recovery): MAIL_DAILY_BUDGET (10);
 * - `order`: the confirmation of a placed order, which is a real order staff see, rate-limited
 *   per address at the gateway: MAIL_DAILY_ORDER_BUDGET (50), far above any shopper's day, low
 *   enough that cash-on-delivery orders cannot bomb a mailbox;
 * - `exempt`: mail staff cause or receive (invitations, resets, administrator changes, the
 *   contact notice to the team's inbox, an order's shipped/delivered/cancelled notice after a
 *   staff move): nobody outside can trigger it, and it must arrive.
 * Over budget, a mail is not sent and its row says `suppressed` (the log names the purpose and
 * subject, never the address); a retry of it stays suppressed.
 */

export interface MailBudget {
  /** Shopper-class mails per address per 24 hours. */
  perDay: number;
  /** Order confirmations per address per 24 hours. */
  ordersPerDay: number;
}

export const DEFAULT_MAIL_BUDGET: MailBudget = { perDay: 10, ordersPerDay: 50 };

export type BudgetClass = 'shopper' | 'order' | 'exempt';

const ORDER_PURPOSES = ['order-confirmation'] as const;
const EXEMPT_PURPOSES = [
  'staff-invite',
  'staff-reset',
  'admin-change',
  'contact-staff',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  // A return's decisions, expiry, refund and staff's reminder: caused by staff or the store's own clock.
  'return-approved',
  'return-rejected',
  'return-expired',
  'return-refunded',
  'return-reminder',
] as const;

/** The purposes counted together with `purpose` (the SQL filter of its class). */
export function budgetClassOf(purpose: string): BudgetClass {
  if ((ORDER_PURPOSES as readonly string[]).includes(purpose)) return 'order';
  if ((EXEMPT_PURPOSES as readonly string[]).includes(purpose)) return 'exempt';
  // Anything new is budgeted until someone decides otherwise.
  return 'shopper';
}

/** The purposes of a class that are named (the shopper class is "every other purpose"). */
export const NAMED_PURPOSES = { order: ORDER_PURPOSES, exempt: EXEMPT_PURPOSES } as const;
