import { type AuditActor, type Db, recordAudit } from '@qahwa/db';
import {
  IMAGE_FOLDERS,
  type ImageKind,
  type ImageUploadResult,
  imageUploadProblem,
  type Locale,
  localize,
  type MenuModule,
  uploadFailureMessage,
  VALIDATION_MESSAGES,
} from '@qahwa/schema';
import { UPLOAD_MAX_BYTES } from '@qahwa/schema/reference';
import type { FastifyBaseLogger, FastifyContentTypeParser } from 'fastify';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { ImageHostError } from './cloudinary';
import { CONTENT_TYPES, sniffImage } from './sniff';
import type { ImageStore } from './store';

/** Enough of the start of a file to tell its format. */
const HEAD_BYTES = 512;

/** An upload's body as the parser below keeps it. */
export interface UploadBody {
  /** The whole file when it is within the limit, else null (it was counted, not kept). */
  bytes: Buffer | null;
  head: Buffer;
  size: number;
}

/**
 * The upload routes' body parser: the body is read into memory up to the limit and only counted
 * past it, so the refusal can say the real size.
 */
export const uploadBodyParser: FastifyContentTypeParser = (_req, payload, done) => {
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
};

export interface ImageUploadDeps {
  db: Db;
  repos: Pick<Repositories, 'uploads'>;
  store: ImageStore;
}

export interface ImageUploadRequest {
  /** What the picture is for: its folder (IMAGE_FOLDERS) and the image host's preset. */
  kind: ImageKind;
  /** The module whose screen uses the picture: the audit entry's. */
  module: MenuModule;
  body: UploadBody | undefined;
  query: { name?: string; public_id?: string; tags?: string };
  contentType: string | undefined;
  actor: AuditActor;
  locale: Locale;
  requestId: string;
  log: FastifyBaseLogger;
}

/**
 * Taking a staff image (POST /api/uploads/{folder}, docs/admin.md): refused unless the bytes are
 * JPEG, PNG, WebP or AVIF (415) and within the size limit (413), each with SPEC 5's message; a
 * refused file is never written anywhere. Stored, then recorded with its audit entry in one
 * transaction.
 */
export function createImageUpload({ db, repos, store }: ImageUploadDeps) {
  const { uploads } = repos;

  /** What the bytes are, or the refusal; the shared rule (schema/src/validation/image-upload.ts) on them. */
  function checked(req: ImageUploadRequest) {
    const { body, locale } = req;
    const folder = IMAGE_FOLDERS[req.kind];
    if (!body || body.size === 0) throw new HttpError(400, 'UPLOAD_EMPTY', t('badRequest', locale));
    const format = sniffImage(body.head);
    if (!format) {
      const claimed = req.query.name ?? req.contentType ?? 'unknown';
      req.log.info({ folder, size: body.size, claimed }, 'upload refused: not an image');
      throw new HttpError(
        415,
        'UPLOAD_INVALID_TYPE',
        localize(VALIDATION_MESSAGES['upload.invalidType'], locale, { type: claimed }),
      );
    }
    const problem = imageUploadProblem({ type: CONTENT_TYPES[format], size: body.size });
    if (problem || !body.bytes) {
      const params = problem?.params ?? { size: (body.size / 1024 / 1024).toFixed(2) };
      throw new HttpError(
        413,
        'UPLOAD_TOO_LARGE',
        localize(VALIDATION_MESSAGES[problem?.code ?? 'upload.tooLarge'], locale, params),
      );
    }
    return { bytes: body.bytes, format };
  }

  async function stored(req: ImageUploadRequest): Promise<ImageUploadResult> {
    const { bytes, format } = checked(req);
    try {
      return await store.put({
        bytes,
        format,
        kind: req.kind,
        folder: IMAGE_FOLDERS[req.kind],
        publicId: req.query.public_id,
        tags: req.query.tags ? req.query.tags.split(',').filter(Boolean) : [],
      });
    } catch (error) {
      if (!(error instanceof ImageHostError)) throw error;
      req.log.warn({ err: { message: error.message, kind: error.kind } }, 'image host refused the upload');
      throw new HttpError(
        502,
        'UPLOAD_PROVIDER',
        uploadFailureMessage(
          error.kind === 'network' ? { kind: 'network' } : { kind: 'provider', message: error.message },
          req.locale,
        ),
      );
    }
  }

  return async function uploadImage(req: ImageUploadRequest): Promise<ImageUploadResult> {
    const result = await stored(req);
    const { actor } = req;
    const folder = IMAGE_FOLDERS[req.kind];
    await db.transaction(async (tx) => {
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
        module: req.module,
        action: 'upload',
        entityType: 'image',
        entityId: result.public_id,
        before: null,
        after: result,
        requestId: req.requestId,
      });
    });
    req.log.info(
      { folder, publicId: result.public_id, bytes: result.bytes, storage: store.kind },
      'image uploaded',
    );
    return result;
  };
}
