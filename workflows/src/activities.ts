import type { TabbyClient, VerifiedPayment } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import type { Mailer } from '@qahwa/mail';
import type { CheckoutToOrderInput } from '@qahwa/schema';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { createCheckoutActivities } from './checkout/activities';
import { createLeadActivities, type LeadRecoverySettings } from './lead-conversion/activities';
import { createEmailActivities } from './order-confirmation/activities';
import { createRefundActivities } from './order-follow-up/activities';
import { createPayLaterActivities } from './pay-later/activities';
import { createReturnActivities } from './returns/activities';
import { createSubscriptionActivities } from './subscriptions/activities';

export interface ActivityDeps {
  db: Db;
  logger: Logger;
  /** For leadConversion's recovery e-mail (docs/leads.md); a worker without it cannot send one. */
  leadRecovery?: LeadRecoverySettings | undefined;
  /** For the card path (retrieving the intent at capture); a COD-only worker may leave it out. */
  stripe?: Stripe | undefined;
  /** For pay later (reading, capturing and closing Tabby payments); a COD-only worker may leave it out. */
  tabby?: TabbyClient | undefined;
  /** Sends the order confirmation (order-confirmation/activities.ts); without one that activity fails for good. */
  mailer?: Mailer | undefined;
  /** The storefront's origin, for links in e-mails. */
  storeUrl?: string | undefined;
  /** Returns (docs/returns.md): staff's inbox for the reminders. */
  returns?: { staffEmail?: string | undefined } | undefined;
}

/** Activities are built by a factory that receives its clients; the worker wires them. */
export function createActivities({
  db,
  logger,
  stripe,
  tabby,
  mailer,
  storeUrl,
  leadRecovery,
  returns,
}: ActivityDeps) {
  const { placeOrder, retrievePayment, recordPaymentAttention } = createCheckoutActivities({
    db,
    logger,
    stripe,
  });
  // LEAD_LINK_SECRET signs every link mailed to shoppers: the order e-mails' tracking link too.
  const linkSecret = leadRecovery?.linkSecret;
  const placeCodOrder = (raw: CheckoutToOrderInput) => placeOrder(raw, null);
  /** The card path's order: the same order creation as cash on delivery, with its verified payment. */
  const placePaidOrder = (raw: CheckoutToOrderInput, payment: VerifiedPayment) => placeOrder(raw, payment);

  return {
    placeCodOrder,
    placePaidOrder,
    retrievePayment,
    recordPaymentAttention,
    ...createPayLaterActivities({ db, logger, tabby, placeOrder }),
    ...createEmailActivities({ db, logger, mailer, storeUrl, linkSecret }),
    ...createLeadActivities({ db, logger, recovery: leadRecovery }),
    ...createRefundActivities({ db, logger, stripe, tabby, mailer, storeUrl, linkSecret }),
    ...createReturnActivities({
      db,
      logger,
      stripe,
      tabby,
      mailer,
      storeUrl,
      trackingSecret: linkSecret,
      staffEmail: returns?.staffEmail,
    }),
    ...createSubscriptionActivities({ db, logger, stripe }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
