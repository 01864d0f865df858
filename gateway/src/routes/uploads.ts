import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { recordAudit } from '@qahwa/db';
import {
  ErrorBody,
  IMAGE_FOLDERS,
  ImageUploadResult,
  imageUploadProblem,
  localize,
  type MenuModule,
  uploadFailureMessage,
  VALIDATION_MESSAGES,
} from '@qahwa/schema';
import { UPLOAD_MAX_BYTES } from '@qahwa/schema/reference/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, staffOnly } from '../auth/access';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { createCloudinaryImageStore, ImageHostError } from '../uploads/cloudinary';
import { CONTENT_TYPES, sniffImage } from '../uploads/sniff';
import { createLocalImageStore, type ImageStore, LOCAL_FILE_NAME, LOCAL_FILES_PATH } from '../uploads/store';

/**
 * Who may upload into which folder (SPEC 7's folders): the module whose screen uses the picture,
 * with edit. One route per folder, so each is in the access table with its own decision.
 */
const FOLDER_ACCESS: ReadonlyArray<readonly [folder: string, module: MenuModule]> = [
  [IMAGE_FOLDERS.product, 'products'],
  [IMAGE_FOLDERS.gallery, 'products'],
  [IMAGE_FOLDERS.variation, 'variation'],
  [IMAGE_FOLDERS.category, 'categories'],
  [IMAGE_FOLDERS.slider, 'content'],
];

/** Past this the upload is cut off without reading further (a plain 413); up to it, the SPEC message says the size. */
const HARD_CAP_BYTES = 4 * UPLOAD_MAX_BYTES;
/** Enough of the start of a file to tell its format. */
const HEAD_BYTES = 512;

interface UploadBody {
  /** The whole file when it is within the limit, else null (it was counted, not kept). */
  bytes: Buffer | null;
  head: Buffer;
  size: number;
}

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
  const uploads = app.repos.uploads;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // This plugin is encapsulated: the parser below applies to its routes only. The body is read
  // into memory up to the limit and only counted past it, so the refusal can say the real size.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let head = Buffer.alloc(0);
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      if (size <= UPLOAD_MAX_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    payload.on('end', () => {
      const body: UploadBody = { bytes: size <= UPLOAD_MAX_BYTES ? Buffer.concat(chunks) : null, head, size };
      done(null, body);
    });
    payload.on('error', (err) => done(err, undefined));
  });

  for (const [folder, module] of FOLDER_ACCESS) {
    r.post(
      `/api/uploads/${folder}`,
      {
        ...staffOnly(module, 'edit'),
        bodyLimit: HARD_CAP_BYTES,
        schema: {
          querystring: UploadQuery,
          response: { 201: ImageUploadResult, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody },
        },
      },
      async (req, reply) => {
        const locale = localeOf(req.headers);
        const body = req.body as UploadBody | undefined;
        if (!body || body.size === 0) throw new HttpError(400, 'UPLOAD_EMPTY', t('badRequest', locale));
        const format = sniffImage(body.head);
        if (!format) {
          const claimed = req.query.name ?? req.headers['content-type'] ?? 'unknown';
          req.log.info({ folder, size: body.size, claimed }, 'upload refused: not an image');
          throw new HttpError(
            415,
            'UPLOAD_INVALID_TYPE',
            localize(VALIDATION_MESSAGES['upload.invalidType'], locale, { type: claimed }),
          );
        }
        // The shared rule (schema/src/validation/image-upload.ts), on what the bytes are.
        const problem = imageUploadProblem({ type: CONTENT_TYPES[format], size: body.size });
        if (problem || !body.bytes) {
          const params = problem?.params ?? { size: (body.size / 1024 / 1024).toFixed(2) };
          throw new HttpError(
            413,
            'UPLOAD_TOO_LARGE',
            localize(VALIDATION_MESSAGES[problem?.code ?? 'upload.tooLarge'], locale, params),
          );
        }
        let result: ImageUploadResult;
        try {
          result = await store.put({
            bytes: body.bytes,
            format,
            folder,
            publicId: req.query.public_id,
            tags: req.query.tags ? req.query.tags.split(',').filter(Boolean) : [],
          });
        } catch (error) {
          if (!(error instanceof ImageHostError)) throw error;
          req.log.warn(
            { err: { message: error.message, kind: error.kind } },
            'image host refused the upload',
          );
          throw new HttpError(
            502,
            'UPLOAD_PROVIDER',
            uploadFailureMessage(
              error.kind === 'network' ? { kind: 'network' } : { kind: 'provider', message: error.message },
              locale,
            ),
          );
        }
        const actor = await auditActor(req);
        await app.deps.db.transaction(async (tx) => {
          await uploads.record(
            {
              publicId: result.public_id,
              secureUrl: result.secure_url,
              format: result.format,
              bytes: result.bytes,
              folder,
              storage: store.kind,
              uploadedBy: actor.id,
            },
            tx,
          );
          await recordAudit(tx, {
            user: actor,
            module,
            action: 'upload',
            entityType: 'image',
            entityId: result.public_id,
            before: null,
            after: result,
            requestId: String(req.id),
          });
        });
        req.log.info(
          { folder, publicId: result.public_id, bytes: result.bytes, storage: store.kind },
          'image uploaded',
        );
        return reply.code(201).send(result);
      },
    );
  }

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
