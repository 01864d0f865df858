import { isDatabaseUnavailable } from '@qahwa/db';
import type { ErrorIssue } from '@qahwa/schema';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { localeOf, t } from '../i18n/messages';
import { translateMessage } from '../i18n/translate';
import { isHttpError } from './errors';

/**
 * One error handler, one body shape ({ success: false, error, code, issues?, requestId }), the
 * text in the shopper's language. Nothing of the cause (stack, SQL, a library's wording) leaves
 * the process: it is logged with the request id, which the answer carries.
 */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(req.headers);
  const send = (status: number, code: string, error: string, issues?: ErrorIssue[]) =>
    reply.code(status).send({
      success: false as const,
      error,
      code,
      ...(issues ? { issues } : {}),
      requestId: String(req.id),
    });
  if (hasZodFastifySchemaValidationErrors(err)) {
    return send(
      400,
      'VALIDATION_FAILED',
      t('validation', locale),
      err.validation.map((v) => ({
        path: v.instancePath,
        message: translateMessage(v.message ?? t('validation', locale), locale),
      })),
    );
  }
  if (isHttpError(err)) {
    reply.headers(err.headers);
    return send(err.statusCode, err.code, err.message, err.body.issues);
  }
  // The request's deadline passed (handlerTimeout): a dependency is slow, not the request wrong.
  if (err.code === 'FST_ERR_HANDLER_TIMEOUT') return send(503, 'TIMEOUT', t('timeout', locale));
  const status = err.statusCode ?? 500;
  if (status === 429) return send(429, 'RATE_LIMITED', t('tooManyRequests', locale));
  if (status === 413) return send(413, 'PAYLOAD_TOO_LARGE', t('payloadTooLarge', locale));
  if (status === 415) return send(415, 'UNSUPPORTED_MEDIA_TYPE', t('unsupportedMediaType', locale));
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx (malformed JSON, an empty body declared as JSON, ...): its code is stable,
    // its English wording is not for shoppers.
    req.log.info({ err: { code: err.code, message: err.message } }, 'bad request');
    return send(400, err.code ?? 'BAD_REQUEST', t('badRequest', locale));
  }
  // No database connection in time (down, or every pooled connection busy under a rush): the
  // request was fine and will work later; nothing half-written (each write is one transaction).
  if (isDatabaseUnavailable(err)) {
    req.log.error({ err }, 'database unavailable');
    reply.header('retry-after', '5');
    return send(503, 'UNAVAILABLE', t('timeout', locale));
  }
  req.log.error({ err }, 'request failed');
  return send(500, 'INTERNAL', t('internal', locale));
}

/**
 * The router's own refusals (a malformed URL, a path parameter over maxParamLength) get the
 * one error body too, as a 400: the request is malformed, whatever part of it.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const body = {
    success: false,
    error: t('badRequest', localeOf(req.headers)),
    code: err.code,
    requestId: req.id,
  };
  void reply.code(400).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}
