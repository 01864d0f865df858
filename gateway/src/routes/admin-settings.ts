import type { VersionedSection } from '@qahwa/db';
import {
  AdminSettings,
  ErrorBody,
  type Locale,
  localize,
  PayLaterSettingsEdit,
  PublicSettings,
  SaleSettingsEdit,
  SETTINGS_MESSAGES,
  SETTINGS_MODULE,
  type SettingsSection,
  ShippingSettingsEdit,
  StoreSettingsEdit,
  type StoreSettingsValues,
  TrackingSettingsEdit,
  VatSettingsEdit,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, publicRoute, staffOnly } from '../auth/access';
import { etagMatches } from '../catalogue/snapshot';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { createSettingsStore, type SettingsState, type SettingsStore } from '../settings/settings-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's settings in memory (settings/settings-store.ts), shared by every route that applies them. */
    settings: SettingsStore;
  }
}

const NotModified = z.null().meta({ description: 'Not modified: the If-None-Match ETag is still current' });

/** The editor's sections by their path segment (kebab-case in URLs, camelCase in the contract). */
const EDITS = {
  store: { section: 'store', body: StoreSettingsEdit },
  shipping: { section: 'shipping', body: ShippingSettingsEdit },
  'pay-later': { section: 'payLater', body: PayLaterSettingsEdit },
  sale: { section: 'sale', body: SaleSettingsEdit },
  vat: { section: 'vat', body: VatSettingsEdit },
} as const;

/**
 * The settings the gateway holds, for the routes that apply them: from the server's store when it
 * follows SettingsChanged on NATS, else one of this app's own (tests, scripts), re-read after each
 * save here and on the safety interval. Registered before the routes that read it.
 */
export const settingsPlugin = fp(async (app: FastifyInstance) => {
  const own = (): SettingsStore => {
    const repository = app.repos.settings;
    const store = createSettingsStore({
      load: () => repository.read(),
      logger: app.log,
      refreshIntervalMs: app.deps.config.catalogueRefreshMs,
    });
    app.addHook('onClose', async () => store.stop());
    return store;
  };
  app.decorate('settings', app.deps.settings ?? own());
});

/** The current settings, or 503 when they were never read and the database does not answer. */
export async function currentSettings(app: FastifyInstance, req: FastifyRequest): Promise<SettingsState> {
  try {
    return await app.settings.current();
  } catch {
    throw new HttpError(503, 'SETTINGS_UNAVAILABLE', t('settingsUnavailable', localeOf(req.headers)));
  }
}

/**
 * The Settings and Tracking screens' calls (docs/settings.md) and the storefront's
 * public read. Settings are module 'settings', the analytics ids module 'tracking'; reads need
 * 'view', saves 'edit'. Each save names the version it edited: a save on an older one is 409 with
 * the current values, so two staff editing at once cannot overwrite each other unknowingly.
 */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const repository = app.repos.settings;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  async function save<S extends SettingsSection>(
    req: FastifyRequest,
    section: S,
    body: { version: number; value: StoreSettingsValues[S] },
  ): Promise<VersionedSection<S>> {
    const actor = await auditActor(req);
    const outcome = await db.transaction((tx) =>
      repository.save(
        section,
        { expectedVersion: body.version, value: body.value },
        {
          actor,
          requestId: String(req.id),
        },
        tx,
      ),
    );
    if (!outcome.ok) {
      const locale: Locale = localeOf(req.headers);
      throw new HttpError(409, 'SETTINGS_STALE', localize(SETTINGS_MESSAGES['settings.stale'], locale));
    }
    // This process applies its own save at once; other gateways follow the SettingsChanged event.
    await app.settings
      .refresh('saved')
      .catch((err) => req.log.error({ err }, 'settings re-read after a save failed'));
    return outcome.saved;
  }

  r.get(
    '/api/admin/settings',
    { ...staffOnly('settings'), schema: { response: { 200: AdminSettings, ...denied } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const all = await repository.read();
      return {
        store: all.store,
        shipping: all.shipping,
        payLater: all.payLater,
        sale: all.sale,
        vat: all.vat,
      };
    },
  );

  for (const [segment, { section, body }] of Object.entries(EDITS)) {
    r.put(
      `/api/admin/settings/${segment}`,
      {
        ...staffOnly(SETTINGS_MODULE[section], 'edit'),
        schema: { body, response: { 200: body, ...denied, 409: ErrorBody } },
      },
      async (req) => (await save(req, section, req.body as never)) as never,
    );
  }

  r.get(
    '/api/admin/tracking',
    { ...staffOnly('tracking'), schema: { response: { 200: TrackingSettingsEdit, ...denied } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return (await repository.read()).tracking;
    },
  );

  r.put(
    '/api/admin/tracking',
    {
      ...staffOnly('tracking', 'edit'),
      schema: {
        body: TrackingSettingsEdit,
        response: { 200: TrackingSettingsEdit, ...denied, 409: ErrorBody },
      },
    },
    async (req) => save(req, 'tracking', req.body),
  );

  // The storefront's read: its footer, contact page, cart nudge, pay-later range and tracking
  // loader. From memory, with an ETag; the storefront caches it until SettingsChanged.
  r.get(
    '/api/settings',
    {
      ...publicRoute(),
      logLevel: 'warn',
      schema: { response: { 200: PublicSettings, 304: NotModified } },
    },
    async (req, reply: FastifyReply) => {
      const state = await currentSettings(app, req);
      reply.header('cache-control', 'public, no-cache').header('etag', state.etag);
      if (etagMatches(req.headers['if-none-match'], state.etag)) return reply.code(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(state.publicBytes);
    },
  );
}
