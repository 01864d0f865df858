import type { Locale } from '@qahwa/schema/money';
import { imageUploadMessage, type UploadFailure, uploadFailureMessage } from '@qahwa/schema/validation';

export type PhotoOutcome = { ok: true; url: string } | { ok: false; message: string };

/** The gateway's route for a return's photo, under the order's tracking token. */
export const photoPath = (token: string) => `/api/orders/track/${encodeURIComponent(token)}/returns/photo`;

/**
 * The return's photo to the gateway before the request is sent (the request then names it): SPEC 5's
 * check first (type, then 10 MB, its sentence in the shopper's language), then the file's bytes as the
 * body, as the back office uploads its pictures. The gateway checks the bytes again; its refusal
 * comes back in the shopper's language, and SPEC 8 words the rest.
 */
export async function uploadReturnPhoto(token: string, file: File, locale: Locale): Promise<PhotoOutcome> {
  const problem = imageUploadMessage({ type: file.type, size: file.size, name: file.name }, locale);
  if (problem) return { ok: false, message: problem };
  const fail = (failure: UploadFailure): PhotoOutcome => ({
    ok: false,
    message: uploadFailureMessage(failure, locale),
  });
  let res: Response;
  try {
    res = await fetch(`${photoPath(token)}?name=${encodeURIComponent(file.name.slice(0, 200))}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        'x-locale': locale,
      },
      body: file,
    });
  } catch {
    return fail({ kind: 'network' });
  }
  const body = (await res.json().catch(() => null)) as {
    secure_url?: string;
    url?: string;
    error?: string;
    code?: string;
  } | null;
  const url = body?.secure_url ?? body?.url;
  if (res.ok && url) return { ok: true, url };
  if (
    body?.code === 'UPLOAD_PROVIDER' ||
    body?.code === 'UPLOAD_INVALID_TYPE' ||
    body?.code === 'UPLOAD_TOO_LARGE'
  ) {
    // Already SPEC 5/8's sentence, in this language.
    return { ok: false, message: body.error ?? '' };
  }
  if (body?.error) return fail({ kind: 'other', message: body.error });
  return fail({ kind: 'http', status: res.status, text: res.statusText });
}
