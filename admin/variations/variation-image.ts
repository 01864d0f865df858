'use client';

import { localize } from '@qahwa/schema/messages/localized-text';
import type { Locale } from '@qahwa/schema/money/money';
import { IMAGE_FOLDERS, imageUploadMessage } from '@qahwa/schema/validation/image-upload';
import { VALIDATION_MESSAGES } from '@qahwa/schema/validation/messages';
import { uploadImage } from '../catalogue/upload';

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
  // The gateway's upload route for this folder takes the file's bytes (admin/catalogue/upload.ts).
  const outcome = await uploadImage(file, IMAGE_FOLDERS.variation, locale, () => {});
  if (outcome.ok) return { ok: true, url: outcome.result.secure_url };
  return { ok: false, message: localize(VALIDATION_MESSAGES['variation.imageUploadFailed'], locale) };
}
