import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ErrorBody,
  IMAGE_FOLDERS,
  type ImageKind,
  ImageUploadResult,
  type MenuModule,
  TrackTokenParams,
} from '@qahwa/schema';
import { UPLOAD_MAX_BYTES } from '@qahwa/schema/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, publicRoute, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { orderIdOfToken } from '../orders/tracking-token';
import { HttpError } from '../platform/errors';
import { createCloudinaryImageStore } from '../uploads/cloudinary';
import { createImageUpload, type UploadBody, uploadBodyParser } from '../uploads/image-upload';
import { CONTENT_TYPES } from '../uploads/sniff';
import { createLocalImageStore, type ImageStore, LOCAL_FILE_NAME, LOCAL_FILES_PATH } from '../uploads/store';

/**
 * Who may upload which kind of image (SPEC 7's folders, one a kind): the module whose screen uses
 * the picture, with edit. One route per kind, at its folder's path, so each is in the access
 * table with its own decision; a kind not listed has no route, and is the one 404 error body.
 */
const KIND_ACCESS: ReadonlyArray<readonly [kind: Exclude<ImageKind, 'return'>, module: MenuModule]> = [
  ['product', 'products'],
  ['gallery', 'products'],
  ['variation', 'variation'],
  ['category', 'categories'],
  ['slider', 'content'],
];

/** Past this the upload is cut off without reading further (a plain 413); up to it, the SPEC message says the size. */
const HARD_CAP_BYTES = 4 * UPLOAD_MAX_BYTES;

const UploadQuery = z.object({
  /** The file's name as the browser had it: only for the message when it is refused. */
  name: z.string().max(255).optional(),
  public_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
  tags: z
    .string()
    .regex(/^[A-Za-z0-9_,-]{0,200}$/)
    .optional(),
});

/**
 * Staff's images (SPEC 5 and 7): `POST /api/uploads/{folder}` with the file's bytes as
 * the body (any content type: what the bytes are decides, not the name or the claimed type).
 * Refused unless the bytes are JPEG, PNG, WebP or AVIF (415) and at most 10 MB (413), each with
 * SPEC 5's message in the caller's language; a refused file is never written anywhere. Stored on
 * local disk (content-addressed, served below) or on Cloudinary when its keys are set.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const settings = app.deps.config.uploads;
  const store: ImageStore = settings.cloudinary
    ? createCloudinaryImageStore(settings.cloudinary)
    : createLocalImageStore(settings.dir);
  const uploadImage = createImageUpload({ db: app.deps.db, repos: app.repos, store });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // This plugin is encapsulated: the parser applies to its routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', uploadBodyParser);

  for (const [kind, module] of KIND_ACCESS) {
    r.post(
      `/api/uploads/${IMAGE_FOLDERS[kind]}`,
      {
        ...staffOnly(module, 'edit'),
        bodyLimit: HARD_CAP_BYTES,
        schema: {
          querystring: UploadQuery,
          response: { 201: ImageUploadResult, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody },
        },
      },
      async (req, reply) => {
        const result = await uploadImage({
          kind,
          module,
          body: req.body as UploadBody | undefined,
          query: req.query,
          contentType: req.headers['content-type'],
          actor: await auditActor(req),
          locale: localeOf(req.headers),
          requestId: String(req.id),
          log: req.log,
        });
        return reply.code(201).send(result);
      },
    );
  }

  // A return's photo (docs/returns.md "Photos"): the shopper of the tracking link uploads one
  // picture with the same rules (what the bytes are, 10 MB, SPEC 5's messages in their language)
  // into its own folder. Public, so bounded twice: only the holder of a signed tracking link
  // reaches it, and the forms' per-address limit (RATE_LIMIT_MESSAGES) caps how often.
  r.post(
    '/api/orders/track/:token/returns/photo',
    {
      ...publicRoute({ rateLimit: app.deps.config.rateLimits.messages }),
      bodyLimit: HARD_CAP_BYTES,
      schema: {
        params: TrackTokenParams,
        querystring: UploadQuery.pick({ name: true }),
        response: {
          201: ImageUploadResult,
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const orderId = orderIdOfToken(req.params.token, app.deps.config.leadLinkSecret, locale);
      const result = await uploadImage({
        kind: 'return',
        module: 'orders',
        body: req.body as UploadBody | undefined,
        query: req.query,
        contentType: req.headers['content-type'],
        // The shopper has no account: the audit names the order the link belongs to.
        actor: { id: null, email: `shopper:${orderId}` },
        locale,
        requestId: String(req.id),
        log: req.log,
      });
      return reply.code(201).send(result);
    },
  );

  // Local files, for shoppers and staff alike (the storefront's proxy forwards this path): a
  // name is the content's hash, so it never changes and caches for a year.
  r.get(
    `${LOCAL_FILES_PATH}/:name`,
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { params: z.object({ name: z.string().regex(LOCAL_FILE_NAME) }) },
    },
    async (req, reply) => {
      const path = join(settings.dir, req.params.name);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw new HttpError(404, 'NOT_FOUND', t('notFound', localeOf(req.headers)));
      const format = req.params.name.split('.').pop() as keyof typeof CONTENT_TYPES;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-length', String(size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path));
    },
  );
}
