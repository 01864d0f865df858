import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { normalizeIP } from '@fastify/rate-limit';
import { createStripeClient, type TabbyClient } from '@qahwa/checkout/payments';
import type { Db } from '@qahwa/db';
import { createMailer, type Mailer } from '@qahwa/mail';
import type { Client } from '@temporalio/client';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { AccessTable } from './auth/access';
import { sessionPlugin } from './auth/session';
import type { Catalogue } from './catalogue/catalogue';
import { cataloguePlugin } from './catalogue/plugin';
import type { GatewayConfig } from './config';
import { localeOf, t } from './i18n/messages';
import { ordersPlugin } from './payments/orders-plugin';
import { errorHandler, frameworkErrors } from './platform/error-handler';
import { documentErrorResponses, MethodTable } from './platform/error-responses';
import { HttpError } from './platform/errors';
import { collectOpenApi, serveOpenApi } from './platform/openapi';
import { registerSharedLimits } from './platform/shared-limits';
import { prepareShutdown } from './platform/shutdown';
import { repositoriesPlugin } from './repositories/plugin';
import { settingsPlugin } from './routes/admin-settings';
import type { HealthProbe } from './routes/health';
import { registerRoutes } from './routes/register';
import type { SettingsStore } from './settings/settings-store';

export interface GatewayDeps {
  config: GatewayConfig;
  db: Db;
  /**
   * The reads that may lag a moment (a hot standby, DATABASE_READ_URL): `app.laggingRepos`
   * (repositories/plugin.ts). Absent: `db`.
   */
  readDb?: Db;
  /**
   * The readiness probe's own pool of one (routes/health.ts): a probe must not queue behind the
   * requests for a connection, or a busy gateway reads as down. Absent: `db`.
   */
  probeDb?: Db;
  temporal: Client;
  logger: Logger;
  /** Extra dependency checks for /health (NATS is probed by the server that owns the connection). */
  probes?: HealthProbe[];
  /** The in-memory catalogue, when the server follows its changes on NATS; otherwise the app holds its own (catalogue/plugin.ts). */
  catalogue?: Catalogue;
  /** A client that starts checkouts eagerly on this process's own worker, while it runs (checkout/eager-worker.ts). */
  eagerCheckout?: () => Client | null;
  /** The Stripe client (payment intents, webhook signatures); built from `config.stripe` when absent. */
  stripe?: Stripe;
  /** The Tabby client (pay later); built from `config.tabby` when absent (routes/pay-later.ts). */
  tabby?: TabbyClient;
  /** The store's settings in memory, when the server follows SettingsChanged; otherwise the app holds its own. */
  settings?: SettingsStore;
  /** SMTP for the staff invitation and reset links (routes/admin-users.ts); built from `config.mail` when absent. */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: GatewayDeps;
    /** Every /api/ route with its declared access (auth/access.ts). */
    accessTable: AccessTable;
  }
}

/**
 * The shape of a request id the gateway takes from the browser: a UUID or a token like one. The id
 * is written into every log line, the outbox, NATS headers and Temporal, so nothing that could
 * forge a log line, carry a payload or pass for another request's id (a single character) is
 * kept: anything else gets a fresh one.
 */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The gateway answers JSON only, behind the Next apps (which set the page headers): nothing it
 * sends may be framed, sniffed into HTML or run as a document, and no Referer leaves from it.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

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
    // Path parameters are validated by their zod schemas (ids and slugs up to 200 characters);
    // the router's default cap of 100 would refuse some valid ones first.
    maxParamLength: 256,
    // A `__proto__` or `constructor.prototype` key in a JSON body is dropped, not fatal: it can
    // poison nothing once removed, and the rest of the body is validated as usual.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors,
    // Every request has a deadline (docs/operations.md): the whole request must arrive within
    // requestTimeout (a slow sender cannot hold a socket), and its answer must leave within
    // handlerTimeout, else 503 TIMEOUT; routes with a known budget set their own handlerTimeout.
    requestTimeout: deps.config.http.requestTimeoutMs,
    handlerTimeout: deps.config.http.handlerTimeoutMs,
    // While closing, a new request gets our own 503 with the one error body (below), not Fastify's.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A mailer made here is the app's to close (its pooled SMTP connections); a given one is the caller's.
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: deps.config.mail.smtpUrl, from: deps.config.mail.from, logger: deps.logger });
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('deps', {
    ...deps,
    stripe: deps.stripe ?? createStripeClient(deps.config.stripe),
    mailer,
  });
  // The repositories, made once from deps.db: every route plugin below reads app.repos.
  await app.register(repositoriesPlugin);
  // One order creation for the routes below (payments/orders-plugin.ts).
  await app.register(ordersPlugin);

  const closing = prepareShutdown(app, { logger: deps.logger, graceMs: deps.config.shutdownGraceMs });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.headers(SECURITY_HEADERS);
    if (closing()) {
      throw new HttpError(
        503,
        'SHUTTING_DOWN',
        t('shuttingDown', localeOf(req.headers)),
        {},
        { 'retry-after': '5', connection: 'close' },
      );
    }
  });

  // Before any route: every route gets the common error answers documented, and the 405 table.
  const methods = new MethodTable();
  // ...and every /api/ route must declare who may call it; staff routes are checked by it.
  const access = new AccessTable(deps.config.backOfficeOrigin);
  app.decorate('accessTable', access);
  app.addHook('onRoute', (route) => {
    documentErrorResponses(route);
    methods.add(route);
    access.add(route);
  });

  await app.register(cookie, { secret: deps.config.sessionSecret });
  // Request limits count in the database, shared by every gateway (docs/shared-state.md).
  await registerSharedLimits(app, { db: deps.db, logger: app.log, sweepMs: deps.config.rateLimitSweepMs });
  await collectOpenApi(app);

  app.setErrorHandler(errorHandler);

  // A known path asked with a method it does not take is 405 with Allow. Decided in onRequest,
  // before any body is read (a body-carrying QUERY or PROPFIND must not fail on its content type
  // first), and before the scanning limit (it reveals nothing a 404 would not).
  app.addHook('onRequest', async (req, reply) => {
    let allowed: string[];
    if (req.is404) {
      allowed = methods.allowed(req.url);
    } else {
      // A parameter route took a path that is a static route's own (PATCH /api/promotions/validate
      // matched /api/promotions/:id): that path names the static resource, which lacks the method.
      if (!req.routeOptions.url?.includes(':')) return;
      allowed = methods.staticAllowed(req.url);
      if (allowed.includes(req.method)) return;
    }
    if (allowed.length === 0) return;
    reply.header('allow', allowed.join(', '));
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', t('methodNotAllowed', localeOf(req.headers)));
  });
  // Unknown paths: a rate-limited 404, so route scanning cannot hammer the process.
  const scanning = app.rateLimit({
    ...deps.config.rateLimits.notFound,
    keyGenerator: (req) => `not-found:${normalizeIP(req.ip, 64)}`,
  });
  app.setNotFoundHandler({ preHandler: scanning }, async (req) => {
    throw new HttpError(404, 'NOT_FOUND', t('notFound', localeOf(req.headers)));
  });

  serveOpenApi(app);
  await app.register(sessionPlugin);
  // The store's settings (docs/settings.md), decorated on the root: the shipping quote and pay later read them.
  await app.register(settingsPlugin);
  await app.register(cataloguePlugin);
  await registerRoutes(app);
  return app;
}
