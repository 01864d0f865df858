import { verifyLeadLink } from '@qahwa/checkout';
import type { LeadLine, LeadRow } from '@qahwa/db';
import {
  CartAbandonmentRequest,
  CartOrderedRequest,
  ErrorBody,
  LeadAccepted,
  LeadDetail,
  LeadDetailParams,
  LeadList,
  LeadListQuery,
  LeadRestoreQuery,
  LeadRestoreResponse,
  type LeadStatus,
  type LeadSummary,
  LeadUpdateRequest,
  lineClaimOf,
  toFils,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { requireStaff } from '../auth/session';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/** A navigator.sendBeacon body is at most 64 KiB in every browser; nothing honest is larger. */
export const LEAD_BODY_LIMIT = 64 * 1024;

// The route table's access column (gateway/src/auth/access.ts): spread, so this file
// does not depend on that module's helpers.
const shopper = { access: 'public' as const };
const staffView = { access: { module: 'leads' as const, action: 'view' as const } };

const variationText = (v: LeadLine['variation']) =>
  v ? [v.weight, v.beans, v.additions].filter(Boolean).join(' · ') || null : null;

/**
 * SPEC 7's lead calls (docs/leads.md): PATCH /api/leads (QUALIFIED at the payment
 * step; the browser's CONVERTED is accepted and ignored: only the server converts a lead, from
 * the order's OrderPlaced) and POST /api/leads/cart-abandonment (JSON, or the text/plain
 * body navigator.sendBeacon sends on page exit); the recovery link's GET /api/leads/restore; the
 * back office's GET /api/admin/leads. Shoppers never see a lead failure (SPEC 8): the storefront
 * ignores the answers, the server logs. The logs name the lead by id only: no e-mail, name,
 * phone, user agent or referrer is ever logged.
 */
export async function leadRoutes(app: FastifyInstance) {
  const leads = app.repos.leads;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = app.deps.config.rateLimits.leads;

  // sendBeacon with a string sends `text/plain;charset=UTF-8` (a "simple" request, no preflight):
  // in this plugin's scope only, such a body is read as JSON, with the same size limit.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: LEAD_BODY_LIMIT },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, 'BAD_REQUEST', 'invalid JSON'), undefined);
      }
    },
  );

  r.patch(
    '/api/leads',
    {
      bodyLimit: LEAD_BODY_LIMIT,
      config: { ...shopper, rateLimit },
      schema: { body: LeadUpdateRequest, response: { 202: LeadAccepted } },
    },
    async (req, reply) => {
      const b = req.body;
      const locale = localeOf(req.headers);
      if (b.status === 'CONVERTED') {
        // Anyone can claim anyone's e-mail bought something: that would stop their cart reminder
        // and mark a lead won with a browser's numbers. A lead is converted by its order only
        // (workers/src/leads, from OrderPlaced); SPEC 7's call stays accepted, and changes nothing.
        req.log.info({ status: 'CONVERTED' }, 'lead conversion claimed by a browser: ignored');
      } else {
        const paymentStep = b.paymentStep === undefined ? undefined : new Date(b.paymentStep);
        // A claimed time outside any plausible checkout (a fuzzer's year -271821) is "now".
        const plausible =
          paymentStep && paymentStep.getUTCFullYear() >= 2000 && paymentStep.getUTCFullYear() < 2200;
        const { id } = await leads.qualify(
          {
            email: b.email,
            fullName: b.convertedData?.name,
            phone: b.convertedData?.phone,
            hasPaymentInfo: b.hasPaymentInfo,
            paymentStep: plausible ? paymentStep : undefined,
            preferredPayment: b.preferredPayment ?? b.paymentData?.preferredPayment,
            cartValueFils: b.cartValue === undefined ? undefined : toFils(b.cartValue),
            cartItems: b.cartItems?.map(lineClaimOf),
            locale,
          },
          String(req.id),
        );
        req.log.info({ leadId: id, status: 'QUALIFIED' }, 'lead update');
      }
      return reply.code(202).header('cache-control', 'no-store').send({ success: true });
    },
  );

  r.post(
    '/api/leads/cart-abandonment',
    {
      bodyLimit: LEAD_BODY_LIMIT,
      config: { ...shopper, rateLimit },
      schema: { body: CartAbandonmentRequest, response: { 202: LeadAccepted } },
    },
    async (req, reply) => {
      const b = req.body;
      const base = { trigger: b.abandonmentTrigger, deviceType: b.deviceType, items: b.cartItems.length };
      if (b.cartKey && b.cartItems.length > 0) {
        // Every left cart counts once for the dashboard's abandonment rate, e-mail or not: its id,
        // value and line count only — no contact, page, agent or referrer is kept with it.
        await leads.recordAbandonedCart({
          cartKey: b.cartKey,
          valueFils: toFils(b.cartValue),
          lineCount: b.cartItems.length,
        });
      }
      if (!b.email || b.cartItems.length === 0) {
        // No one to write to (the e-mail is captured at checkout) or nothing left: no lead.
        req.log.info({ ...base, leadId: null }, 'cart abandonment without a lead');
        return reply.code(202).header('cache-control', 'no-store').send({ success: true });
      }
      const { id } = await leads.abandon(
        {
          email: b.email,
          fullName: b.fullName,
          phone: b.phone,
          cartKey: b.cartKey,
          cartValueFils: toFils(b.cartValue),
          cartItems: b.cartItems.map(lineClaimOf),
          trigger: b.abandonmentTrigger,
          deviceType: b.deviceType,
          locale: b.locale ?? localeOf(req.headers),
          context: {
            timeSpentOnSite: b.timeSpentOnSite,
            pageVisits: b.pageVisits,
            lastVisitedPage: b.lastVisitedPage,
            referrer: b.referrer,
            userAgent: b.userAgent,
            deviceType: b.deviceType,
          },
        },
        String(req.id),
      );
      req.log.info({ ...base, leadId: id }, 'cart abandoned');
      return reply.code(202).header('cache-control', 'no-store').send({ success: true });
    },
  );

  r.post(
    '/api/leads/cart-ordered',
    {
      config: { ...shopper, rateLimit },
      schema: { body: CartOrderedRequest, response: { 202: LeadAccepted } },
    },
    async (req, reply) => {
      // The cart's random id is known to its browser only; a wrong one changes nothing, and says so to no one.
      const found = await leads.markCartOrdered(req.body.cartKey);
      req.log.info({ found }, 'abandoned cart ordered');
      return reply.code(202).header('cache-control', 'no-store').send({ success: true });
    },
  );

  r.get(
    '/api/leads/restore',
    {
      config: { ...shopper, rateLimit },
      schema: { querystring: LeadRestoreQuery, response: { 200: LeadRestoreResponse, 404: ErrorBody } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const claims = verifyLeadLink(req.query.token, app.deps.config.leadLinkSecret);
      const lead = claims ? await leads.byId(claims.leadId) : null;
      const items = (lead?.cartItems ?? []) as LeadLine[];
      if (!lead || items.length === 0) {
        throw new HttpError(404, 'LINK_EXPIRED', t('leadLinkExpired', locale));
      }
      req.log.info({ leadId: lead.id }, 'cart restore link opened');
      const lines = items.flatMap((i) => {
        const productId = i.productId;
        if (!productId) return [];
        return [
          { productId, ...(i.variationId ? { variationId: i.variationId } : {}), quantity: i.quantity },
        ];
      });
      return reply.header('cache-control', 'no-store').send({ lines });
    },
  );

  r.get(
    '/api/admin/leads',
    {
      config: { ...staffView },
      // Also checked here, whether or not the route table adds its own guard: never an open list of e-mails.
      onRequest: requireStaff('leads', 'view'),
      schema: { querystring: LeadListQuery, response: { 200: LeadList, 401: ErrorBody, 403: ErrorBody } },
    },
    async (req, reply) => {
      // A list may lag the primary a moment (docs/deploy.md); a lead's page reads the primary.
      const { rows, total, counts } = await app.laggingRepos.leads.list(req.query);
      reply.header('cache-control', 'no-store');
      return { leads: rows.map(summaryOf), total, counts };
    },
  );

  r.get(
    '/api/admin/leads/:id',
    {
      ...staffOnly('leads'),
      schema: {
        params: LeadDetailParams,
        response: { 200: LeadDetail, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const found = await leads.detail(req.params.id);
      if (!found) throw new HttpError(404, 'LEAD_NOT_FOUND', t('leadNotFound', localeOf(req.headers)));
      const { lead, events, emails, order } = found;
      const history: LeadDetail['history'] = events.map((e) => ({
        status: HISTORY_STATUS[e.type] ?? 'NEW',
        at: e.at.toISOString(),
        detail:
          typeof e.data.trigger === 'string'
            ? e.data.trigger
            : typeof e.data.preferredPayment === 'string'
              ? e.data.preferredPayment
              : null,
      }));
      const lines = ((lead.cartItems ?? []) as LeadLine[]).map((i) => {
        const unitFils = toFils(i.price);
        return {
          name: i.name,
          variation: variationText(i.variation),
          quantity: i.quantity,
          unitFils,
          lineFils: unitFils * i.quantity,
        };
      });
      reply.header('cache-control', 'no-store');
      return {
        lead: summaryOf(lead),
        phone: lead.phone,
        locale: lead.locale,
        history,
        lines,
        recoveryEmails: emails.map((m) => ({
          subject: m.subject,
          status: m.status,
          sentAt: m.sentAt?.toISOString() ?? null,
          createdAt: m.createdAt.toISOString(),
        })),
        order: order
          ? {
              id: order.id,
              status: order.status,
              totalFils: order.totalFils,
              placedAt: order.placedAt.toISOString(),
            }
          : null,
      };
    },
  );
}

/** The event each step of a lead's road appended (docs/leads.md). */
const HISTORY_STATUS: Record<string, LeadStatus> = {
  CartAbandoned: 'ABANDONED',
  LeadQualified: 'QUALIFIED',
  LeadConverted: 'CONVERTED',
};

function summaryOf(l: LeadRow): LeadSummary {
  const items = ((l.cartItems ?? []) as LeadLine[]).map((i) => ({
    name: i.name,
    quantity: i.quantity,
    variation: variationText(i.variation),
  }));
  return {
    id: l.id,
    email: l.email,
    fullName: l.fullName,
    status: l.status as LeadStatus,
    cartValueFils: l.cartValueFils ?? null,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    items,
    preferredPayment: l.preferredPayment,
    abandonmentTrigger: (l.abandonmentTrigger as LeadSummary['abandonmentTrigger']) ?? null,
    recoverySentAt: l.recoverySentAt?.toISOString() ?? null,
    convertedAt: l.convertedAt?.toISOString() ?? null,
    lastActivityAt: l.lastActivityAt.toISOString(),
    createdAt: l.createdAt.toISOString(),
  };
}
