'use client';

import { localize } from '@qahwa/schema/messages/localized-text';
import type { Locale } from '@qahwa/schema/money/money';
import { IMAGE_FOLDERS, imageUploadMessage } from '@qahwa/schema/validation/image-upload';
import { VALIDATION_MESSAGES } from '@qahwa/schema/validation/messages';

export type ImageResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * A variation's picture (SPEC 5, 7): the shared check in the browser first (type and 10 MB, its
 * message or 'Invalid image file'), then the back office's upload call with SPEC 7's folder
 * `products/variations`; the server checks the bytes again. Any failure of the upload reads
 * 'Failed to upload variation image' (SPEC 8).
 */
export async function uploadVariationImage(file: File, locale: Locale): Promise<ImageResult> {
  const problem = imageUploadMessage({ type: file.type, size: file.size, name: file.name }, locale);
  if (problem) return { ok: false, message: problem };
  if (file.size === 0)
    return { ok: false, message: localize(VALIDATION_MESSAGES['variation.imageInvalid'], locale) };
  const form = new FormData();
  form.set('folder', IMAGE_FOLDERS.variation);
  form.set('file', file);
  try {
    const res = await fetch('/backend/api/uploads', {
      method: 'POST',
      body: form,
      headers: { 'x-locale': locale },
    });
    const body = (await res.json().catch(() => null)) as { secure_url?: string } | null;
    if (res.ok && body?.secure_url) return { ok: true, url: body.secure_url };
  } catch {
    // Network failure: the same sentence as any other (SPEC 8 words the variation's case once).
  }
  return { ok: false, message: localize(VALIDATION_MESSAGES['variation.imageUploadFailed'], locale) };
}
