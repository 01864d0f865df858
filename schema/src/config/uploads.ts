import { z } from 'zod';
import { ConfigError, type RunMode } from './env';

/**
 * The kinds of image the store takes, each with its own Cloudinary upload preset (SPEC 7: "the
 * upload folder and preset are fixed per image kind"): SPEC 7's five folders, and a return's photo.
 * The folders are `IMAGE_FOLDERS` (schema/src/validation/image-upload.ts).
 */
export const UPLOAD_PRESET_KINDS = [
  'product',
  'gallery',
  'variation',
  'category',
  'slider',
  'return',
] as const;
export type UploadPresetKind = (typeof UPLOAD_PRESET_KINDS)[number];

/** Cloudinary's own API host: production sends uploads nowhere else (a fake is development's). */
export const CLOUDINARY_API_HOST = 'https://api.cloudinary.com';

/** A preset's name as Cloudinary takes it: letters, digits, `_` and `-`. */
const presetName = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'an upload preset name: letters, digits, _ and -')
    .default(fallback);

/**
 * Where staff's images go (docs/admin.md "Uploads"): the gateway's local disk by default
 * (`UPLOADS_DIR`, served by the gateway itself), or Cloudinary's upload API when its keys are set —
 * `CLOUDINARY_URL` (`cloudinary://<api_key>:<api_secret>@<cloud_name>`, the form Cloudinary's
 * console shows) or the three separate variables.
 */
export interface UploadsSettings {
  /** Local storage: the folder files are written to (content-addressed names). */
  dir: string;
  /** Null: local disk. */
  cloudinary: CloudinarySettings | null;
}

export interface CloudinarySettings {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** The upload preset of each kind of image, named on every (signed) upload of that kind. */
  presets: Record<UploadPresetKind, string>;
  /** Cloudinary's API host; its fake in tests. */
  apiBase: string;
  requestTimeoutMs: number;
}

export const UploadsEnv = {
  UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
  CLOUDINARY_URL: z
    .string()
    .trim()
    .default('')
    .refine(
      (v) => v === '' || parseCloudinaryUrl(v) !== null,
      'cloudinary://<api_key>:<api_secret>@<cloud_name>',
    ),
  CLOUDINARY_CLOUD_NAME: z.string().trim().default(''),
  CLOUDINARY_API_KEY: z.string().trim().default(''),
  CLOUDINARY_API_SECRET: z.string().trim().default(''),
  // One preset for every image is gone: each kind has its own (below), so a left-over value is an
  // error rather than silently ignored.
  CLOUDINARY_UPLOAD_PRESET: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '', 'replaced by one preset per kind: CLOUDINARY_PRESET_PRODUCT, _GALLERY, …'),
  CLOUDINARY_PRESET_PRODUCT: presetName('qahwa_products'),
  CLOUDINARY_PRESET_GALLERY: presetName('qahwa_products_gallery'),
  CLOUDINARY_PRESET_VARIATION: presetName('qahwa_products_variations'),
  CLOUDINARY_PRESET_CATEGORY: presetName('qahwa_categories'),
  CLOUDINARY_PRESET_SLIDER: presetName('qahwa_sliders'),
  CLOUDINARY_PRESET_RETURN: presetName('qahwa_returns'),
  CLOUDINARY_API_BASE: z.url().default('https://api.cloudinary.com'),
  CLOUDINARY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
};

type UploadsEnvValues = { [K in keyof typeof UploadsEnv]: z.output<(typeof UploadsEnv)[K]> };

export function parseCloudinaryUrl(
  value: string,
): { cloudName: string; apiKey: string; apiSecret: string } | null {
  const m = /^cloudinary:\/\/([^:@/]+):([^@/]+)@([^/?#]+)\/?$/.exec(value.trim());
  if (!m?.[1] || !m[2] || !m[3]) return null;
  return { apiKey: decodeURIComponent(m[1]), apiSecret: decodeURIComponent(m[2]), cloudName: m[3] };
}

/**
 * The settings. Production refuses an image host that is not Cloudinary's own
 * (`CLOUDINARY_API_BASE` pointing at a fake or anything else): the pictures would be lost.
 */
export function uploadsSettingsOf(e: UploadsEnvValues, mode: RunMode): UploadsSettings {
  const fromUrl = e.CLOUDINARY_URL ? parseCloudinaryUrl(e.CLOUDINARY_URL) : null;
  const keys =
    fromUrl ??
    (e.CLOUDINARY_CLOUD_NAME && e.CLOUDINARY_API_KEY && e.CLOUDINARY_API_SECRET
      ? {
          cloudName: e.CLOUDINARY_CLOUD_NAME,
          apiKey: e.CLOUDINARY_API_KEY,
          apiSecret: e.CLOUDINARY_API_SECRET,
        }
      : null);
  const apiBase = e.CLOUDINARY_API_BASE.replace(/\/+$/, '');
  if (keys && mode === 'production' && apiBase !== CLOUDINARY_API_HOST) {
    throw new ConfigError(
      `Refusing to start in production with CLOUDINARY_API_BASE=${apiBase}: images go to ${CLOUDINARY_API_HOST} only (a fake is for development and tests)`,
    );
  }
  return {
    dir: e.UPLOADS_DIR,
    cloudinary: keys
      ? {
          ...keys,
          presets: {
            product: e.CLOUDINARY_PRESET_PRODUCT,
            gallery: e.CLOUDINARY_PRESET_GALLERY,
            variation: e.CLOUDINARY_PRESET_VARIATION,
            category: e.CLOUDINARY_PRESET_CATEGORY,
            slider: e.CLOUDINARY_PRESET_SLIDER,
            return: e.CLOUDINARY_PRESET_RETURN,
          },
          apiBase,
          requestTimeoutMs: e.CLOUDINARY_TIMEOUT_MS,
        }
      : null,
  };
}
