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

/**
 * A signed link's token (the newsletter's confirmation and unsubscribe links, docs/crm.md):
 * base64url claims, a dot, a base64url signature.
 */
const LinkToken = z
  .string()
  .min(10)
  .max(400)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

/** POST /api/newsletter/confirm: the token of the confirmation e-mail's link. */
export const NewsletterConfirmRequest = z
  .object({ token: LinkToken })
  .meta({ id: 'NewsletterConfirmRequest' });

/** The unsubscribe URL carries its token in the query (RFC 8058: mailbox providers POST to it as is). */
// Query strings carry no `.meta({ id })`: @fastify/swagger cannot resolve a $ref'd querystring.
export const NewsletterUnsubscribeQuery = z.object({ token: LinkToken.optional() });

/**
 * POST /api/newsletter/unsubscribe: from the storefront's page, `{ token }` as JSON; from a
 * mailbox provider's one-click, the form body `List-Unsubscribe=One-Click` and the token in the URL.
 */
export const NewsletterUnsubscribeRequest = z
  .object({ token: LinkToken.optional(), 'List-Unsubscribe': z.literal('One-Click').optional() })
  .meta({ id: 'NewsletterUnsubscribeRequest' });

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
