'use client';

import {
  type ImageUploadResult,
  imageUploadMessage,
  type Locale,
  type UploadFailure,
  uploadFailureMessage,
} from '@qahwa/schema';

export type UploadOutcome = { ok: true; result: ImageUploadResult } | { ok: false; message: string };

/**
 * One picture to `POST /backend/api/uploads/{folder}` (gateway routes/uploads.ts): the shared
 * check first (SPEC 5: type and 10 MB, its message), then the bytes as the body, with progress
 * (XMLHttpRequest: fetch has no upload progress). The server checks the bytes again; its refusal
 * comes back in the page's language, and SPEC 8 words the rest.
 */
export function uploadImage(
  file: File,
  folder: string,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const problem = imageUploadMessage({ type: file.type, size: file.size, name: file.name }, locale);
  if (problem) return Promise.resolve({ ok: false, message: problem });
  const fail = (failure: UploadFailure): UploadOutcome => ({
    ok: false,
    message: uploadFailureMessage(failure, locale),
  });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/backend/api/uploads/${folder}?name=${encodeURIComponent(file.name.slice(0, 200))}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-locale', locale);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve(fail({ kind: 'network' }));
    xhr.onload = () => {
      const body = xhr.response as (ImageUploadResult & { error?: string; code?: string }) | null;
      if (xhr.status === 201 && body?.secure_url) {
        onProgress(1);
        resolve({ ok: true, result: body });
      } else if (
        body?.code === 'UPLOAD_PROVIDER' ||
        body?.code === 'UPLOAD_INVALID_TYPE' ||
        body?.code === 'UPLOAD_TOO_LARGE'
      ) {
        // Already SPEC 5/8's sentence, in this language.
        resolve({ ok: false, message: body.error ?? '' });
      } else if (body?.error) {
        resolve(fail({ kind: 'other', message: body.error }));
      } else {
        resolve(fail({ kind: 'http', status: xhr.status, text: xhr.statusText }));
      }
    };
    xhr.send(file);
  });
}
