import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Db } from '@qahwa/db';
import type { Client } from '@temporalio/client';
import Fastify, { type FastifyBaseLogger, type FastifyError, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { sessionPlugin } from './auth/session';
import type { GatewayConfig } from './config';
import { localeOf, t } from './i18n/messages';
import { translateMessage } from './i18n/translate';
import { isHttpError } from './platform/errors';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { type HealthProbe, healthRoutes } from './routes/health';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { shippingRoutes } from './routes/shipping';

export interface GatewayDeps {
  config: GatewayConfig;
  db: Db;
  temporal: Client;
  logger: Logger;
  /** Extra dependency checks for /health (NATS is probed by the server that owns the connection). */
  probes?: HealthProbe[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: GatewayDeps;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the app as a plugin tree: external plugins, then app plugins, then routes. */
export async function buildApp(deps: GatewayDeps) {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // The request id follows a checkout from the browser (x-request-id) through NATS and Temporal.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Only the configured proxies' hop is believed (loopback: the Next apps), never the browser's claim.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(cookie, { secret: deps.config.sessionSecret });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'qahwa gateway', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // Registers the contracts' `.meta({ id })` names as components, so `$ref`s resolve.
    transformObject: jsonSchemaTransformObject,
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const locale = localeOf(req.headers);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({
        success: false,
        error: t('validation', locale),
        code: 'VALIDATION_FAILED',
        issues: err.validation.map((v) => ({
          path: v.instancePath,
          message: v.message === undefined ? undefined : translateMessage(v.message, locale),
        })),
      });
    }
    if (isHttpError(err)) {
      return reply
        .code(err.statusCode)
        .send({ success: false, ...err.body, error: err.message, code: err.code });
    }
    if (err.statusCode === 429) {
      return reply
        .code(429)
        .send({ success: false, error: t('tooManyRequests', locale), code: 'RATE_LIMITED' });
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send({ success: false, error: err.message, code: err.code ?? 'BAD_REQUEST' });
    }
    // Never leak internals: log the cause with the request id, answer a generic message.
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send({ success: false, error: t('internal', locale), code: 'INTERNAL', requestId: req.id });
  });

  // Every error body has the same shape: { success: false, error, code }, error in the user's language.
  // Rate-limited 404 so route scanning cannot hammer the process.
  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 60, timeWindow: '1 minute' }) }, (req, reply) =>
    reply.code(404).send({ success: false, error: t('notFound', localeOf(req.headers)), code: 'NOT_FOUND' }),
  );

  // The OpenAPI document, generated from the zod contracts of every route.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(sessionPlugin);
  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(shippingRoutes);
  await app.register(orderRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  return app;
}
