import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { createStripeClient, type TabbyClient } from '@qahwa/checkout/payments';
import { type Db, isDatabaseUnavailable } from '@qahwa/db';
import { createMailer, type Mailer } from '@qahwa/mail';
import type { ErrorIssue } from '@qahwa/schema';
import type { Client } from '@temporalio/client';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { AccessTable } from './auth/access';
import { sessionPlugin } from './auth/session';
import type { Catalogue } from './catalogue/catalogue';
import { cataloguePlugin } from './catalogue/plugin';
import type { GatewayConfig } from './config';
import { localeOf, t } from './i18n/messages';
import { translateMessage } from './i18n/translate';
import { documentErrorResponses, MethodTable } from './platform/error-responses';
import { HttpError, isHttpError } from './platform/errors';
import { InFlight, isCardOrder } from './platform/in-flight';
import { repositoriesPlugin } from './repositories/plugin';
import { adminRoutes } from './routes/admin';
import { adminCategoryRoutes } from './routes/admin-categories';
import { adminContentRoutes } from './routes/admin-content';
import { adminCustomerRoutes } from './routes/admin-customers';
import { adminPaymentRoutes } from './routes/admin-payments';
import { adminProductRoutes } from './routes/admin-products';
import { adminPromotionRoutes } from './routes/admin-promotions';
import { adminSettingsRoutes, settingsPlugin } from './routes/admin-settings';
import { adminShippingRoutes } from './routes/admin-shipping';
import { adminUserRoutes } from './routes/admin-users';
import { authRoutes } from './routes/auth';
import { categoryRoutes } from './routes/categories';
import { contentRoutes } from './routes/content';
import { crmRoutes } from './routes/crm';
import { engagementRoutes } from './routes/engagement';
import { type HealthProbe, healthRoutes } from './routes/health';
import { leadRoutes } from './routes/leads';
import { operationsRoutes } from './routes/operations';
import { orderRoutes } from './routes/orders';
import { payLaterRoutes } from './routes/pay-later';
import { paymentModeRoutes } from './routes/payment-mode';
import { paymentRoutes } from './routes/payments';
import { productRoutes } from './routes/products';
import { profileRoutes } from './routes/profile';
import { promotionRoutes } from './routes/promotions';
import { recommendationRoutes } from './routes/recommendations';
import { reviewRoutes } from './routes/reviews';
import { shippingRoutes } from './routes/shipping';
import { uploadRoutes } from './routes/uploads';
import { variationRoutes } from './routes/variations';
import { webhookRoutes } from './routes/webhooks';
import type { SettingsStore } from './settings/settings-store';

export interface GatewayDeps {
  config: GatewayConfig;
  db: Db;
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
    /**
     * The first step of shutting down, before `close()`: refuses new requests (503 SHUTTING_DOWN)
     * and waits for the card orders in flight, up to config.shutdownGraceMs.
     */
    beginShutdown(): Promise<void>;
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
    // The router's own refusals (a malformed URL, a path parameter over maxParamLength) get the
    // one error body too, as a 400: the request is malformed, whatever part of it.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const body = {
        success: false,
        error: t('badRequest', localeOf(req.headers)),
        code: err.code,
        requestId: req.id,
      };
      void reply
        .code(400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(body));
    },
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

  // Shutting down (docs/operations.md): new requests are refused at once (another instance, or
  // the shopper's retry, takes them), and card orders in flight get up to shutdownGraceMs to
  // answer before any connection is closed: their shoppers have paid.
  let closing = false;
  const cardOrders = new InFlight();
  app.addHook('preHandler', async (req) => {
    if (isCardOrder(req)) cardOrders.add(req);
  });
  // Every answer sent while closing ends its connection: Node's server.close() waits for each
  // keep-alive connection to go, and the Next proxies' pools keep theirs open for the whole
  // keep-alive timeout (72 s) otherwise.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req) => cardOrders.delete(req));
  app.addHook('onRequestAbort', async (req) => cardOrders.delete(req));
  // Not a preClose hook: Fastify's close gives each hook pluginTimeout (10 s) at most.
  app.decorate('beginShutdown', async () => {
    closing = true;
    if (cardOrders.size === 0) return;
    deps.logger.info({ cardOrders: cardOrders.size }, 'waiting for card orders in flight');
    const left = await cardOrders.drain(deps.config.shutdownGraceMs);
    if (left > 0) deps.logger.warn({ cardOrders: left }, 'closing with card orders still in flight');
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.headers(SECURITY_HEADERS);
    if (closing) {
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
  // Per client: an IPv4 address; an IPv6 client by its /64 (an ISP hands each subscriber at least
  // one, and any host on it may take a new address per request); an IPv4-mapped IPv6 address as
  // its IPv4 one. @fastify/rate-limit's own key does exactly this (its normalizeIP, exported for a
  // route with a key of its own): written out so it stays the decision, not a default.
  await app.register(rateLimit, { global: false, ipv6Subnet: 64 });
  await app.register(swagger, {
    openapi: { info: { title: 'qahwa gateway', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // Registers the contracts' `.meta({ id })` names as components, so `$ref`s resolve.
    transformObject: jsonSchemaTransformObject,
  });

  // One error handler, one body shape ({ success: false, error, code, issues?, requestId }), the
  // text in the shopper's language. Nothing of the cause (stack, SQL, a library's wording) leaves
  // the process: it is logged with the request id, which the answer carries.
  app.setErrorHandler((err: FastifyError, req, reply) => {
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
  });

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
  app.setNotFoundHandler({ preHandler: app.rateLimit(deps.config.rateLimits.notFound) }, async (req) => {
    throw new HttpError(404, 'NOT_FOUND', t('notFound', localeOf(req.headers)));
  });

  // The OpenAPI document, generated from the zod contracts of every route.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(sessionPlugin);
  // The store's settings (docs/settings.md), decorated on the root: the shipping quote and pay later read them.
  await app.register(settingsPlugin);
  await app.register(cataloguePlugin);
  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(shippingRoutes);
  await app.register(promotionRoutes);
  await app.register(recommendationRoutes);
  await app.register(contentRoutes);
  await app.register(categoryRoutes);
  await app.register(reviewRoutes);
  await app.register(engagementRoutes);
  await app.register(leadRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(payLaterRoutes);
  await app.register(paymentModeRoutes);
  // Encapsulated: its raw-body parser applies to the webhook only.
  await app.register(webhookRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(crmRoutes);
  await app.register(variationRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(adminShippingRoutes);
  await app.register(adminContentRoutes);
  await app.register(operationsRoutes);
  await app.register(adminPaymentRoutes);
  // Encapsulated: its body parser (the file's bytes, counted past the limit) applies to uploads only.
  await app.register(uploadRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminUserRoutes);
  await app.register(profileRoutes);
  return app;
}
