import { createHash } from 'node:crypto';
import { ImageUploadResult } from '@qahwa/schema';
import type { CloudinarySettings } from '@qahwa/schema/config';
import { CONTENT_TYPES } from './sniff';
import type { ImageStore } from './store';

/** Cloudinary refused the upload (its `error.message`), or could not be reached. */
export class ImageHostError extends Error {
  override readonly name = 'ImageHostError';
  constructor(
    message: string,
    readonly kind: 'provider' | 'network',
  ) {
    super(message);
  }
}

/**
 * Cloudinary's signature (https://cloudinary.com/documentation/authentication_signatures): the
 * parameters except file, api_key, resource_type and cloud_name, sorted by name, joined as
 * `k=v&k=v`, the API secret appended, SHA-1 in hex.
 */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const text = Object.keys(params)
    .filter((k) => params[k] !== '' && !['file', 'api_key', 'resource_type', 'cloud_name'].includes(k))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha1')
    .update(text + apiSecret)
    .digest('hex');
}

/**
 * Cloudinary's upload API (POST {apiBase}/v1_1/{cloud}/image/upload, multipart): a signed upload
 * naming the kind's `upload_preset` and its `folder`, with the optional `public_id` and `tags`.
 * The preset holds the rest — the size limit and formats (presets.ts, docs/admin.md "Upload
 * presets"); the folder is sent as well so a preset set up without one still files the picture
 * where SPEC 7 says. The answer's public_id, secure_url, format and bytes are what the back office
 * reads (SPEC 3).
 */
export function createCloudinaryImageStore(settings: CloudinarySettings): ImageStore {
  return {
    kind: 'cloudinary',
    async put(image) {
      const params: Record<string, string> = {
        folder: image.folder,
        upload_preset: settings.presets[image.kind],
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...(image.publicId ? { public_id: image.publicId } : {}),
        ...(image.tags.length ? { tags: image.tags.join(',') } : {}),
      };
      const form = new FormData();
      form.set(
        'file',
        new Blob([new Uint8Array(image.bytes)], { type: CONTENT_TYPES[image.format] }),
        `upload.${image.format}`,
      );
      for (const [k, v] of Object.entries(params)) form.set(k, v);
      form.set('api_key', settings.apiKey);
      form.set('signature', cloudinarySignature(params, settings.apiSecret));
      let response: Response;
      try {
        response = await fetch(
          `${settings.apiBase}/v1_1/${encodeURIComponent(settings.cloudName)}/image/upload`,
          {
            method: 'POST',
            body: form,
            signal: AbortSignal.timeout(settings.requestTimeoutMs),
          },
        );
      } catch (cause) {
        throw new ImageHostError(cause instanceof Error ? cause.message : 'unreachable', 'network');
      }
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!response.ok)
        throw new ImageHostError(body?.error?.message ?? `HTTP ${response.status}`, 'provider');
      const parsed = ImageUploadResult.safeParse(body);
      if (!parsed.success) throw new ImageHostError('unexpected answer', 'provider');
      return parsed.data;
    },
  };
}
