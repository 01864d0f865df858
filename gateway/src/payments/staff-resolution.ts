import type { OrderPlacement } from '@qahwa/checkout';
import type { CheckoutRow, Db, PaymentRecord } from '@qahwa/db';
import type { AdminPaymentActions } from '@qahwa/schema/contracts';
import { isOpenCheckout } from '@qahwa/schema/payments';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Repositories } from '../repositories/plugin';
import { createStaffCompletion } from './staff-completion';
import { createStaffRefund } from './staff-refund';

/** What the payments screen may offer for a payment (docs/payments.md "Staff actions"). */
export function paymentActions(payment: PaymentRecord, checkout: CheckoutRow | null): AdminPaymentActions {
  const open =
    payment.provider === 'STRIPE' &&
    checkout?.provider === 'STRIPE' &&
    isOpenCheckout(checkout.status) &&
    !payment.orderId &&
    !checkout.orderId;
  return {
    refund: open && (payment.status === 'succeeded' || payment.status === 'partially_refunded'),
    complete: open && payment.status === 'succeeded',
  };
}

export interface StaffResolutionDeps {
  db: Db;
  repos: Pick<Repositories, 'checkouts' | 'orders' | 'outbox'>;
  logger: Logger;
  stripe: Stripe | undefined;
  placement: OrderPlacement;
  temporal: Client;
  taskQueue: string;
}

/**
 * The two actions on a flagged card payment with no order (docs/payments.md "Staff actions"):
 * **Refund** and **Complete the order** (or mark it resolved another way). Each is one
 * transaction with its outbox event and audit entry, under the checkout's row lock — the same
 * lock the order's transaction takes — so a staff action and a late order, or two clicks, never
 * both happen: whichever commits first decides, the other sees it. A repeat answers what was
 * done (`already: true`); a refund is one Stripe refund under one idempotency key.
 */
export function createStaffResolution(deps: StaffResolutionDeps) {
  return { refund: createStaffRefund(deps), complete: createStaffCompletion(deps) };
}
