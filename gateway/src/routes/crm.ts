import {
  AdminBrevoStatus,
  AdminBrevoSyncResult,
  AdminContactList,
  AdminContactParams,
  AdminContactQuery,
  AdminContactReadBody,
  AdminContactReadResult,
  AdminSubscriberExportQuery,
  AdminSubscriberList,
  AdminSubscriberParams,
  AdminSubscriberQuery,
  AdminSubscriberRemoved,
  ErrorBody,
  gulfDate,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/access';
import { subscribersCsv } from '../crm/subscriber-export';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

type Connection = AdminBrevoStatus['connection'];

/**
 * The back office's contact messages, newsletter subscribers and e-mail-marketing sync
 * (docs/crm.md). Reads need the module's 'view', writes its 'edit' (config.access).
 */
export async function crmRoutes(app: FastifyInstance) {
  const { crm, marketing } = app.repos;
  const brevo = app.deps.config.brevo;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/contacts',
    {
      ...staffOnly('contacts'),
      schema: { querystring: AdminContactQuery, response: { 200: AdminContactList, ...denied } },
    },
    async (req, reply) => {
      const page = await crm.listContacts({
        filter: req.query.status,
        limit: req.query.limit,
        offset: req.query.offset,
      });
      reply.header('cache-control', 'no-store');
      return { ...page, items: page.items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
    },
  );

  r.patch(
    '/api/admin/contacts/:id',
    {
      ...staffOnly('contacts', 'edit'),
      schema: {
        params: AdminContactParams,
        body: AdminContactReadBody,
        response: { 200: AdminContactReadResult, ...denied, 404: ErrorBody },
      },
    },
    async (req) => {
      const changed = await app.deps.db.transaction(async (tx) => {
        const result = await crm.setContactRead(req.params.id, req.body.isRead, tx);
        if (result && result.before !== result.after) {
          await auditStaffWrite(tx, req, {
            module: 'contacts',
            action: result.after ? 'mark-read' : 'mark-unread',
            entityType: 'contact_message',
            entityId: req.params.id,
            before: { isRead: result.before },
            after: { isRead: result.after },
          });
        }
        return result;
      });
      if (!changed) throw new HttpError(404, 'CONTACT_NOT_FOUND', t('notFound', localeOf(req.headers)));
      const { unread } = await crm.listContacts({ filter: 'unread', limit: 1, offset: 0 });
      return { success: true as const, id: req.params.id, isRead: changed.after, unread };
    },
  );

  r.get(
    '/api/admin/subscribers',
    {
      ...staffOnly('subscribers'),
      schema: { querystring: AdminSubscriberQuery, response: { 200: AdminSubscriberList, ...denied } },
    },
    async (req, reply) => {
      const page = await crm.listSubscribers(req.query);
      reply.header('cache-control', 'no-store');
      return {
        ...page,
        items: page.items.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          confirmedAt: s.confirmedAt?.toISOString() ?? null,
          unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  r.delete(
    '/api/admin/subscribers/:id',
    {
      ...staffOnly('subscribers', 'edit'),
      schema: {
        params: AdminSubscriberParams,
        response: { 200: AdminSubscriberRemoved, ...denied, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      const locale = localeOf(req.headers);
      await app.deps.db.transaction(async (tx) => {
        const removed = await crm.removeSubscriber(req.params.id, tx);
        if (!removed) throw new HttpError(404, 'SUBSCRIBER_NOT_FOUND', t('subscriberNotFound', locale));
        // An address that unsubscribed is the shopper's own "no": it stays, so no newsletter and
        // no cart reminder reaches it (docs/crm.md). The delete rolls back with this refusal.
        if (removed.status === 'unsubscribed') {
          throw new HttpError(409, 'SUBSCRIBER_OPTED_OUT', t('subscriberKeepsOptOut', locale));
        }
        // The address is not kept in the entry: a removal is often someone asking to be forgotten.
        await auditStaffWrite(tx, req, {
          module: 'subscribers',
          action: 'delete',
          entityType: 'newsletter_subscriber',
          entityId: req.params.id,
          before: removed,
          after: null,
        });
      });
      return { success: true as const, id: req.params.id };
    },
  );

  r.get(
    '/api/admin/subscribers/export',
    {
      ...staffOnly('subscribers'),
      schema: {
        querystring: AdminSubscriberExportQuery,
        // Documented as what it is (text/csv), so clients and the fuzzer expect CSV, not JSON.
        response: {
          200: {
            content: {
              'text/csv': {
                schema: z
                  .string()
                  .describe('email, locale, source, status, subscribed_at, confirmed_at, unsubscribed_at'),
              },
            },
          },
          ...denied,
        },
      },
    },
    async (req, reply) => {
      const { csv, rows } = await subscribersCsv(crm.eachSubscriber(req.query.q, 1000, req.query.status));
      // A list of e-mail addresses leaving the store: who, with which filter, how many (not the
      // addresses), recorded before the file is sent.
      await auditStaffWrite(app.deps.db, req, {
        module: 'subscribers',
        action: 'export',
        entityType: 'subscribers',
        entityId: null,
        before: null,
        after: { format: 'csv', filters: req.query, rows },
      });
      req.log.info({ q: req.query.q ? 'filtered' : 'all' }, 'subscribers exported');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${gulfDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // Brevo's answer to "does this key work", kept a little: the screen may be refreshed often and
  // Brevo's limits are per account.
  let cached: { at: number; key: string; connection: Connection } | null = null;
  async function connection(): Promise<Connection> {
    const now = Date.now();
    if (brevo.apiKey === '') {
      return { state: 'not-configured', account: null, detail: null, checkedAt: new Date(now).toISOString() };
    }
    const key = `${brevo.apiBase} ${brevo.apiKey}`;
    if (cached && cached.key === key && now - cached.at < 30_000) return cached.connection;
    let result: Connection;
    try {
      const res = await fetch(`${brevo.apiBase}/v3/account`, {
        headers: { 'api-key': brevo.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(Math.min(brevo.requestTimeoutMs, 5_000)),
      });
      const body = (await res.json().catch(() => ({}))) as {
        email?: string;
        companyName?: string;
        message?: string;
      };
      if (res.ok) {
        result = {
          state: 'connected',
          account: body.companyName ?? body.email ?? null,
          detail: null,
          checkedAt: new Date(now).toISOString(),
        };
      } else if (res.status === 401 || res.status === 403) {
        result = {
          state: 'refused',
          account: null,
          detail: `${res.status} ${body.message ?? ''}`.trim(),
          checkedAt: new Date(now).toISOString(),
        };
      } else {
        result = {
          state: 'unreachable',
          account: null,
          detail: `HTTP ${res.status}`,
          checkedAt: new Date(now).toISOString(),
        };
      }
    } catch (err) {
      result = {
        state: 'unreachable',
        account: null,
        detail: err instanceof Error ? err.name : 'error',
        checkedAt: new Date(now).toISOString(),
      };
    }
    cached = { at: now, key, connection: result };
    return result;
  }

  r.get(
    '/api/admin/brevo',
    { ...staffOnly('brevo'), schema: { response: { 200: AdminBrevoStatus, ...denied } } },
    async (_req, reply) => {
      const [conn, summary] = await Promise.all([connection(), marketing.summary(50)]);
      reply.header('cache-control', 'no-store');
      return {
        connection: conn,
        counts: summary.counts,
        lastSyncedAt: summary.lastSyncedAt?.toISOString() ?? null,
        lastAttemptAt: summary.lastAttemptAt?.toISOString() ?? null,
        failures: summary.failures.map((f) => ({ ...f, updatedAt: f.updatedAt.toISOString() })),
      };
    },
  );

  r.post(
    '/api/admin/brevo/sync',
    { ...staffOnly('brevo', 'edit'), schema: { response: { 202: AdminBrevoSyncResult, ...denied } } },
    async (req, reply) => {
      // The workers' sync loop picks the rows up on its next poll (BREVO_SYNC_INTERVAL_MS).
      const requeued = await app.deps.db.transaction(async (tx) => {
        const n = await marketing.requeueAll(tx);
        await auditStaffWrite(tx, req, {
          module: 'brevo',
          action: 'sync-now',
          entityType: 'marketing_sync',
          entityId: null,
          before: null,
          after: { requeued: n },
        });
        return n;
      });
      req.log.info({ requeued }, 'brevo sync requested by staff');
      return reply.code(202).send({ success: true as const, requeued });
    },
  );
}
