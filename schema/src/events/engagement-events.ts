import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../validation/contact-form';
import { envelope } from './envelope';

const Locale = z.enum(['en', 'ar']);

export const ProductViewed = envelope(
  'ProductViewed',
  z.object({ productId: z.string(), slug: z.string().optional(), locale: Locale.optional() }),
).meta({ id: 'ProductViewedEvent' });
export type ProductViewed = z.infer<typeof ProductViewed>;

export const ReviewSubmitted = envelope(
  'ReviewSubmitted',
  z.object({
    reviewId: z.string(),
    productId: z.string(),
    rating: z.number().int().min(1).max(5),
    email: z.string().optional(),
  }),
).meta({ id: 'ReviewSubmittedEvent' });
export type ReviewSubmitted = z.infer<typeof ReviewSubmitted>;

export const ContactReceived = envelope(
  'ContactReceived',
  z.object({
    contactId: z.string(),
    email: z.string(),
    subject: z.enum(CONTACT_SUBJECTS),
    locale: Locale.optional(),
  }),
).meta({ id: 'ContactReceivedEvent' });
export type ContactReceived = z.infer<typeof ContactReceived>;

export const NewsletterSubscribed = envelope(
  'NewsletterSubscribed',
  z.object({ subscriberId: z.string(), email: z.string(), locale: Locale.optional() }),
).meta({ id: 'NewsletterSubscribedEvent' });
export type NewsletterSubscribed = z.infer<typeof NewsletterSubscribed>;

/**
 * A signup asked for the newsletter (docs/crm.md "Double opt-in"): the mail consumer sends the
 * confirmation link if the subscriber is still pending. No address in the event: the consumer
 * reads the subscriber. NewsletterSubscribed follows only the click on that link.
 */
export const NewsletterConfirmationRequested = envelope(
  'NewsletterConfirmationRequested',
  z.object({ subscriberId: z.string(), locale: Locale.optional() }),
).meta({ id: 'NewsletterConfirmationRequestedEvent' });
export type NewsletterConfirmationRequested = z.infer<typeof NewsletterConfirmationRequested>;

/** An address left the store's marketing mail by an unsubscribe link: Brevo is told. */
export const NewsletterUnsubscribed = envelope(
  'NewsletterUnsubscribed',
  z.object({ subscriberId: z.string(), email: z.string() }),
).meta({ id: 'NewsletterUnsubscribedEvent' });
export type NewsletterUnsubscribed = z.infer<typeof NewsletterUnsubscribed>;
