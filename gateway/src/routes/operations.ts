import { recordAudit } from '@qahwa/db';
import {
  DeadLetterIdParams,
  DeadLetterList,
  DeadLetterListQuery,
  ErrorBody,
  RedriveResponse,
} from '@qahwa/schema';
import {
  AuditLogList,
  AuditLogQuery,
  ConsumerDeadLetterList,
  ConsumerDeadLetterQuery,
  ConsumerRedriveResponse,
} from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * Operations in the back office (the logs screen, docs/payments-logs.md): the outbox events the
 * relay gave up on and re-driving them (back into the outbox, due now), the messages the consumers
 * gave up on and re-driving them, and the audit log of staff writes. Staff with the 'logs'
 * permission read; re-driving needs 'logs' edit. The outbox re-drive is also a command for
 * operators without a browser: `npm run outbox:redrive -w @qahwa/workers`.
 */
export async function operationsRoutes(app: FastifyInstance) {
  const outbox = app.repos.outbox;
  const consumerDeadLetters = app.repos.deadLetters;
  const audit = app.repos.auditSearch;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/dead-letters',
    {
      ...staffOnly('logs'),
      schema: { querystring: DeadLetterListQuery, response: { 200: DeadLetterList, ...denied } },
    },
    async (req) => {
      const { rows, total } = await outbox.listDeadLetters(req.query);
      return {
        total,
        deadLetters: rows.map((row) => ({
          id: row.id,
          subject: row.subject,
          type: row.type,
          requestId: row.requestId,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          deadAt: row.deadAt.toISOString(),
          payload: row.payload,
        })),
      };
    },
  );

  r.post(
    '/api/admin/dead-letters/:id/redrive',
    {
      ...staffOnly('logs', 'edit'),
      schema: { params: DeadLetterIdParams, response: { 200: RedriveResponse, 404: ErrorBody, ...denied } },
    },
    async (req) => {
      const actor = await auditActor(req);
      // The re-drive and its audit entry commit together.
      const redriven = await app.deps.db.transaction(async (tx) => {
        const ids = await outbox.redrive([req.params.id], tx);
        if (ids.length > 0) {
          await recordAudit(tx, {
            user: actor,
            module: 'logs',
            action: 'redrive',
            entityType: 'dead-letter',
            entityId: req.params.id,
            before: { state: 'dead' },
            after: { state: 'queued' },
            requestId: String(req.id),
          });
        }
        return ids;
      });
      if (redriven.length === 0) {
        throw new HttpError(404, 'DEAD_LETTER_NOT_FOUND', t('deadLetterNotFound', localeOf(req.headers)));
      }
      req.log.info({ eventId: req.params.id }, 'dead letter re-driven');
      return { redriven };
    },
  );
  r.get(
    '/api/admin/audit-log',
    {
      ...staffOnly('logs'),
      schema: { querystring: AuditLogQuery, response: { 200: AuditLogList, ...denied } },
    },
    async (req) => {
      const { limit, offset, ...filter } = req.query;
      const { rows, total, users } = await audit.search(filter, { limit, offset });
      return {
        total,
        users,
        entries: rows.map((row) => ({
          id: row.id,
          at: row.createdAt.toISOString(),
          userEmail: row.userEmail,
          module: row.module,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          before: row.before,
          after: row.after,
          requestId: row.requestId,
        })),
      };
    },
  );

  r.get(
    '/api/admin/dead-letters/consumers',
    {
      ...staffOnly('logs'),
      schema: { querystring: ConsumerDeadLetterQuery, response: { 200: ConsumerDeadLetterList, ...denied } },
    },
    async (req) => {
      const { limit, offset, ...filter } = req.query;
      const [{ rows, total }, openCount] = await Promise.all([
        consumerDeadLetters.list(filter, { limit, offset }),
        consumerDeadLetters.countOpen(),
      ]);
      return {
        total,
        openCount,
        deadLetters: rows.map((row) => ({
          id: row.id,
          consumer: row.consumer,
          stream: row.stream,
          streamSeq: row.streamSeq,
          subject: row.subject,
          body: row.body,
          requestId: row.requestId,
          deliveries: row.deliveries,
          lastError: row.lastError,
          deadAt: row.deadAt.toISOString(),
          redrivenAt: row.redrivenAt?.toISOString() ?? null,
          redrivenBy: row.redrivenBy,
        })),
      };
    },
  );

  r.post(
    '/api/admin/dead-letters/consumers/:id/redrive',
    {
      ...staffOnly('logs', 'edit'),
      schema: {
        params: DeadLetterIdParams,
        response: { 200: ConsumerRedriveResponse, 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (req) => {
      const actor = await auditActor(req);
      const locale = localeOf(req.headers);
      // The outbox row, the mark and the audit entry commit together (dead-letters.ts).
      const result = await app.deps.db.transaction((tx) =>
        consumerDeadLetters.redrive(req.params.id, actor, String(req.id), tx),
      );
      switch (result.outcome) {
        case 'not_found':
          throw new HttpError(404, 'DEAD_LETTER_NOT_FOUND', t('deadLetterNotFound', locale));
        case 'already_redriven':
          throw new HttpError(409, 'DEAD_LETTER_ALREADY_REDRIVEN', t('deadLetterAlreadyRedriven', locale));
        case 'not_an_event':
          throw new HttpError(409, 'DEAD_LETTER_NOT_AN_EVENT', t('deadLetterNotAnEvent', locale));
        case 'redriven':
          req.log.info(
            { deadLetterId: req.params.id, outboxId: result.outboxId },
            'consumer dead letter re-driven',
          );
          return { id: req.params.id, outboxId: result.outboxId };
      }
    },
  );
}
