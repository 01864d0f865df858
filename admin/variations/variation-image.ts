'use client';

import { localize } from '@qahwa/schema/messages';
import type { Locale } from '@qahwa/schema/money';
import { IMAGE_FOLDERS, imageUploadMessage, VALIDATION_MESSAGES } from '@qahwa/schema/validation';
import { uploadImage } from '@/catalogue/upload';

export type ImageResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * A variation's picture (SPEC 5, 7) through the back office's one uploader (folder
 * `products/variations`): the shared check in the browser first (its message), the bytes checked
 * again by the gateway. SPEC 5: the editor shows the check's error, or 'Invalid image file' for an
 * empty file; any other failure of the upload reads 'Failed to upload variation image' (SPEC 8).
 */
export async function uploadVariationImage(file: File, locale: Locale): Promise<ImageResult> {
  if (file.size === 0)
    return { ok: false, message: localize(VALIDATION_MESSAGES['variation.imageInvalid'], locale) };
  const problem = imageUploadMessage({ type: file.type, size: file.size, name: file.name }, locale);
  if (problem) return { ok: false, message: problem };
  const outcome = await uploadImage(file, IMAGE_FOLDERS.variation, locale, () => {});
  if (outcome.ok) return { ok: true, url: outcome.result.secure_url };
  return { ok: false, message: localize(VALIDATION_MESSAGES['variation.imageUploadFailed'], locale) };
}
