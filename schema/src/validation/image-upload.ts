import type { UploadPresetKind } from '../config/uploads';
import { localize, type MessageParams } from '../messages/localized-text';
import type { Locale } from '../money/money';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../reference/constants';
import { VALIDATION_MESSAGES } from './messages';

/**
 * SPEC 7: upload folders, fixed per image kind (each kind's preset: schema/src/config/uploads.ts);
 * a return's photo, which SPEC 7 does not know, has its own.
 */
export const IMAGE_FOLDERS = {
  product: 'products',
  gallery: 'products/gallery',
  variation: 'products/variations',
  category: 'categories',
  slider: 'sliders',
  return: 'returns',
} as const satisfies Record<UploadPresetKind, string>;
export type ImageKind = keyof typeof IMAGE_FOLDERS;

export interface UploadCandidate {
  /** MIME type as the browser reports it, e.g. image/png. */
  type: string;
  /** Bytes. */
  size: number;
  name?: string;
}

export type UploadProblem =
  | { code: 'upload.invalidType'; params: MessageParams }
  | { code: 'upload.tooLarge'; params: MessageParams };

function subtype(file: UploadCandidate): string {
  const fromMime = /^image\/([a-z0-9.+-]+)$/i.exec(file.type.trim())?.[1];
  if (fromMime) return fromMime.toLowerCase();
  // Some browsers report no type for AVIF: fall back to the extension.
  if (file.type.trim() === '' && file.name) return file.name.split('.').pop()?.toLowerCase() ?? '';
  return '';
}

/**
 * SPEC 5: only jpeg, jpg, png, webp and avif; at most 10 MB (10 × 1024 × 1024 bytes, exactly
 * 10 MB is allowed). The type is checked first: a PDF's size is beside the point. The current
 * size is shown in MB with 2 decimals.
 */
export function imageUploadProblem(file: UploadCandidate): UploadProblem | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(subtype(file))) {
    return { code: 'upload.invalidType', params: { type: file.type || file.name || 'unknown' } };
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    return { code: 'upload.tooLarge', params: { size: (file.size / 1024 / 1024).toFixed(2) } };
  }
  return null;
}

export function imageUploadMessage(file: UploadCandidate, locale: Locale): string | null {
  const problem = imageUploadProblem(file);
  return problem ? localize(VALIDATION_MESSAGES[problem.code], locale, problem.params) : null;
}

export type UploadFailure =
  | { kind: 'network' }
  | { kind: 'provider'; message: string }
  | { kind: 'http'; status: number; text: string }
  | { kind: 'other'; message: string };

/** SPEC 8 upload failures in the shopper's (or staff member's) language. */
export function uploadFailureMessage(failure: UploadFailure, locale: Locale): string {
  switch (failure.kind) {
    case 'network':
      return localize(VALIDATION_MESSAGES['upload.network'], locale);
    case 'provider':
      return localize(VALIDATION_MESSAGES['upload.provider'], locale, { message: failure.message });
    case 'http':
      return localize(VALIDATION_MESSAGES['upload.http'], locale, {
        status: failure.status,
        text: failure.text,
      });
    case 'other':
      return localize(VALIDATION_MESSAGES['upload.failed'], locale, { message: failure.message });
  }
}
