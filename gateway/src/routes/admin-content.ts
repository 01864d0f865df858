import {
  AdminContent,
  AdminSlider,
  ErrorBody,
  OfferSettings,
  OfferSettingsWrite,
  SiteTextKeyParams,
  SiteTextWrite,
  SliderIdParams,
  SliderWrite,
  SuccessResponse,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { auditStaffWrite } from './staff-audit';

function notFound(req: FastifyRequest): never {
  throw new HttpError(404, 'NOT_FOUND', t('notFound', localeOf(req.headers)));
}

/**
 * The content screen's calls: the offer banner (SPEC 3 offer settings), the sliders
 * and the storefront texts staff may change. Module 'content'. Every write is audited and
 * announced (CatalogueChanged 'content'), so the storefront drops its cached copy at once.
 */
export async function adminContentRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const content = app.repos.contentEditing;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };

  r.get(
    '/api/admin/content',
    { ...staffOnly('content'), schema: { response: { 200: AdminContent, ...denied } } },
    async () => {
      const [offer, sliders, texts] = await Promise.all([
        content.offer(),
        content.sliders(),
        content.texts(),
      ]);
      return { offer, sliders, texts };
    },
  );

  r.put(
    '/api/admin/content/offer',
    {
      ...staffOnly('content', 'edit'),
      schema: { body: OfferSettingsWrite, response: { 200: OfferSettings, ...denied } },
    },
    async (req) =>
      db.transaction(async (tx) => {
        const before = await content.offer();
        const after = await content.setOffer(req.body, req.id, tx);
        await auditStaffWrite(tx, req, {
          module: 'content',
          action: 'update',
          entityType: 'offer-settings',
          entityId: 'default',
          before,
          after,
        });
        return after;
      }),
  );

  r.post(
    '/api/admin/content/sliders',
    {
      ...staffOnly('content', 'edit'),
      schema: { body: SliderWrite, response: { 201: AdminSlider, ...denied } },
    },
    async (req, reply) => {
      const created = await db.transaction(async (tx) => {
        const slider = await content.createSlider(req.body, req.id, tx);
        await auditStaffWrite(tx, req, {
          module: 'content',
          action: 'create',
          entityType: 'slider',
          entityId: slider.id,
          before: null,
          after: slider,
        });
        return slider;
      });
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/api/admin/content/sliders/:id',
    {
      ...staffOnly('content', 'edit'),
      schema: { params: SliderIdParams, body: SliderWrite, response: { 200: AdminSlider, ...denied } },
    },
    async (req) => {
      const after = await db.transaction(async (tx) => {
        const changed = await content.updateSlider(req.params.id, req.body, req.id, tx);
        if (!changed) return null;
        await auditStaffWrite(tx, req, {
          module: 'content',
          action: 'update',
          entityType: 'slider',
          entityId: req.params.id,
          ...changed,
        });
        return changed.after;
      });
      return after ?? notFound(req);
    },
  );

  r.delete(
    '/api/admin/content/sliders/:id',
    {
      ...staffOnly('content', 'edit'),
      schema: { params: SliderIdParams, response: { 200: SuccessResponse, ...denied } },
    },
    async (req) => {
      const removed = await db.transaction(async (tx) => {
        const slider = await content.removeSlider(req.params.id, req.id, tx);
        if (slider) {
          await auditStaffWrite(tx, req, {
            module: 'content',
            action: 'delete',
            entityType: 'slider',
            entityId: slider.id,
            before: slider,
            after: null,
          });
        }
        return slider;
      });
      return removed ? { success: true } : notFound(req);
    },
  );

  r.put(
    '/api/admin/content/texts/:key',
    {
      ...staffOnly('content', 'edit'),
      schema: { params: SiteTextKeyParams, body: SiteTextWrite, response: { 200: SiteTextWrite, ...denied } },
    },
    async (req) =>
      db.transaction(async (tx) => {
        const { before } = await content.setText(req.params.key, req.body, req.id, tx);
        await auditStaffWrite(tx, req, {
          module: 'content',
          action: 'update',
          entityType: 'site-text',
          entityId: req.params.key,
          before,
          after: req.body,
        });
        return req.body;
      }),
  );
}
