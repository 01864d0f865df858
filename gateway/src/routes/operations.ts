import { createOutboxRepository, recordAudit } from '@qahwa/db';
import {
  DeadLetterIdParams,
  DeadLetterList,
  DeadLetterListQuery,
  ErrorBody,
  RedriveResponse,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

/**
 * Operations in the back office: the outbox events the relay gave up on, and re-driving them
 * (back into the outbox, due now). Staff with the 'logs' permission only. The same re-drive is
 * a command for operators without a browser: `npm run outbox:redrive -w @qahwa/workers`.
 */
export async function operationsRoutes(app: FastifyInstance) {
  const outbox = createOutboxRepository(app.deps.db);
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
}
