import { verifyConfirmLink, verifyUnsubscribeLink } from '@qahwa/mail';
import {
  ErrorBody,
  MessageResponse,
  message,
  NewsletterConfirmRequest,
  NewsletterSubscribeRequest,
  NewsletterUnsubscribeQuery,
  NewsletterUnsubscribeRequest,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * The newsletter (docs/crm.md "Double opt-in"): the signup, the confirmation link's click and
 * the one-click unsubscribe of every marketing e-mail (RFC 8058). Links are signed with
 * LEAD_LINK_SECRET by mail's one signed-link implementation; nothing here needs a session.
 */
export async function newsletterRoutes(app: FastifyInstance) {
  const engagement = app.repos.engagement;
  const { config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // RFC 8058's one-click POST is a form (`List-Unsubscribe=One-Click`), url-encoded or multipart;
  // in this plugin's scope only, such a body is read as its fields (multipart's are not needed).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (req, body, done) => {
      const type = String(req.headers['content-type'] ?? '');
      done(
        null,
        type.startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(String(body)))
          : {},
      );
    },
  );

  r.post(
    '/api/newsletter',
    {
      config: { access: 'public', rateLimit: config.rateLimits.messages },
      schema: { body: NewsletterSubscribeRequest, response: { 200: MessageResponse } },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? localeOf(req.headers);
      const { id } = await engagement.subscribe(req.body.email, locale, String(req.id));
      req.log.info({ subscriberId: id }, 'newsletter signup');
      // One answer for a new, a pending, a confirmed and an unsubscribed address: an outsider
      // learns nothing about who is on the list. The confirmation mail (or nothing, for one
      // already confirmed) is the mail consumer's, after this answer.
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .send({ success: true, message: t('newsletterCheckInbox', locale) });
    },
  );

  r.post(
    '/api/newsletter/confirm',
    {
      config: { access: 'public', rateLimit: config.rateLimits.messages },
      schema: { body: NewsletterConfirmRequest, response: { 200: MessageResponse, 404: ErrorBody } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const subscriberId = verifyConfirmLink(req.body.token, config.leadLinkSecret);
      const confirmed =
        subscriberId !== null && (await engagement.confirmSubscription(subscriberId, String(req.id)));
      if (!confirmed) throw new HttpError(404, 'LINK_EXPIRED', t('newsletterLinkExpired', locale));
      req.log.info({ subscriberId }, 'newsletter subscription confirmed');
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true, message: message('newsletter.subscribed', locale) });
    },
  );

  // The one-click POST (RFC 8058) reaches this through the storefront's proxy, which forwards a POST
  // of the unsubscribe page's own URL here (web/proxy.ts): one URL for the header and the visible
  // link, whose GET is the page. Mailbox providers POST from many users behind few addresses, and a
  // signed token cannot be guessed: the generous read limit, not the forms' one.
  const unsubscribeLimit = config.rateLimits.views;

  r.post(
    '/api/newsletter/unsubscribe',
    {
      config: { access: 'public', rateLimit: unsubscribeLimit },
      schema: {
        querystring: NewsletterUnsubscribeQuery,
        // Body-less, JSON from the page, or the one-click form.
        body: NewsletterUnsubscribeRequest.nullish(),
        response: { 200: MessageResponse, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const token = req.query.token ?? req.body?.token;
      const target = token ? verifyUnsubscribeLink(token, config.leadLinkSecret) : null;
      const done = target !== null && (await engagement.unsubscribe(target, String(req.id)));
      if (!done) throw new HttpError(404, 'LINK_INVALID', t('newsletterUnsubscribeInvalid', locale));
      req.log.info({ kind: target.kind, id: target.id }, 'unsubscribed by link');
      return reply
        .header('cache-control', 'no-store')
        .send({ success: true, message: t('newsletterUnsubscribed', locale) });
    },
  );
}
