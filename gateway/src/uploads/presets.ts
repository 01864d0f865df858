import { IMAGE_FOLDERS, type ImageKind } from '@qahwa/schema';
import type { CloudinarySettings } from '@qahwa/schema/config';
import { UPLOAD_TYPES } from '@qahwa/schema/reference';

/**
 * The largest copy each kind of image is kept at (pixels): what its biggest screen draws, at two
 * device pixels a CSS pixel. A bigger original is scaled down on upload, proportions kept; a
 * smaller one is never enlarged (Cloudinary's `c_limit`).
 */
export const PRESET_LIMITS: Record<ImageKind, { width: number; height: number }> = {
  // The product page's gallery zooms: the largest.
  product: { width: 2000, height: 2000 },
  gallery: { width: 2000, height: 2000 },
  // A variation's picture replaces the main one when chosen, at the card's and modal's size.
  variation: { width: 1200, height: 1200 },
  // Category tiles on the home and shop pages.
  category: { width: 1200, height: 1200 },
  // The home slider runs the page's width (1200 CSS pixels at most) in a wide band.
  slider: { width: 2400, height: 1200 },
  // A return's photo: staff look at it to decide, nothing more.
  return: { width: 1600, height: 1600 },
};

/** One upload preset as Cloudinary's Admin API takes it (`POST /upload_presets`, form fields). */
export interface PresetDefinition {
  name: string;
  kind: ImageKind;
  /** Signed only: the gateway signs every upload; an unsigned preset would let anyone upload. */
  unsigned: false;
  folder: string;
  allowed_formats: string;
  /** An incoming transformation: only the transformed copy is stored. */
  transformation: string;
  /** A picture never replaces another under the same name. */
  overwrite: false;
  unique_filename: true;
}

/** What each kind's preset must say at Cloudinary: its folder (SPEC 7), SPEC 5's formats, its size limit. */
export function presetDefinitions(settings: Pick<CloudinarySettings, 'presets'>): PresetDefinition[] {
  return (Object.keys(PRESET_LIMITS) as ImageKind[]).map((kind) => {
    const { width, height } = PRESET_LIMITS[kind];
    return {
      name: settings.presets[kind],
      kind,
      unsigned: false,
      folder: IMAGE_FOLDERS[kind],
      allowed_formats: UPLOAD_TYPES.join(','),
      transformation: `c_limit,w_${width},h_${height}`,
      overwrite: false,
      unique_filename: true,
    };
  });
}

/**
 * Creates or updates every kind's preset through Cloudinary's Admin API (Basic auth with the API
 * key and secret): `PUT /v1_1/{cloud}/upload_presets/{name}`, and `POST /v1_1/{cloud}/upload_presets`
 * when it does not exist yet (the PUT's 404). Run once per Cloudinary account, and after a limit
 * changes: `npm run uploads:presets -w @qahwa/gateway`.
 */
export async function syncUploadPresets(
  settings: CloudinarySettings,
): Promise<{ name: string; kind: ImageKind; action: 'created' | 'updated' }[]> {
  const base = `${settings.apiBase}/v1_1/${encodeURIComponent(settings.cloudName)}/upload_presets`;
  const authorization = `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64')}`;
  const done: { name: string; kind: ImageKind; action: 'created' | 'updated' }[] = [];
  for (const { kind, ...preset } of presetDefinitions(settings)) {
    const form = new URLSearchParams(
      Object.entries(preset).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const send = (method: 'PUT' | 'POST', url: string) =>
      fetch(url, {
        method,
        headers: { authorization },
        body: form,
        signal: AbortSignal.timeout(settings.requestTimeoutMs),
      });
    let res = await send('PUT', `${base}/${encodeURIComponent(preset.name)}`);
    let action: 'created' | 'updated' = 'updated';
    if (res.status === 404) {
      res = await send('POST', base);
      action = 'created';
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(`upload preset ${preset.name}: ${body?.error?.message ?? `HTTP ${res.status}`}`);
    }
    done.push({ name: preset.name, kind, action });
  }
  return done;
}
