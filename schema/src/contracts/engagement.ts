import { z } from 'zod';
import { contactFormSchema } from '../validation/contact-form';
import { newsletterFormSchema } from '../validation/newsletter-form';
import { ProductRef } from './ids';

/** The contact form (SPEC 3) as the gateway receives it: same rules and English messages as the form. */
export const ContactRequest = contactFormSchema('en')
  .extend({ locale: z.enum(['en', 'ar']).optional() })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.infer<typeof ContactRequest>;

/** Newsletter signup; SPEC 7 does not show the call, so the gateway serves POST /api/newsletter. */
export const NewsletterSubscribeRequest = newsletterFormSchema('en')
  .extend({ locale: z.enum(['en', 'ar']).optional() })
  .meta({ id: 'NewsletterSubscribeRequest' });
export type NewsletterSubscribeRequest = z.infer<typeof NewsletterSubscribeRequest>;

/** `message` is 'Successfully subscribed to newsletter!' in the shopper's language. */
export const MessageResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), error: z.string().optional() })
  .meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * POST /api/products/{id}/views: the product page says it was seen. Answered 202 at once: the
 * count is kept by a projection of ProductViewed, so the read path never writes. No body.
 */
export const ProductViewParams = z.object({ id: ProductRef() });
export const AcceptedResponse = z.object({ success: z.literal(true) }).meta({ id: 'AcceptedResponse' });
export type AcceptedResponse = z.infer<typeof AcceptedResponse>;
