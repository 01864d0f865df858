import { z } from 'zod';

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
  /** An upload preset to name on every upload (optional with a signed upload). */
  uploadPreset: string | null;
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
  CLOUDINARY_UPLOAD_PRESET: z.string().trim().default(''),
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

export function uploadsSettingsOf(e: UploadsEnvValues): UploadsSettings {
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
  return {
    dir: e.UPLOADS_DIR,
    cloudinary: keys
      ? {
          ...keys,
          uploadPreset: e.CLOUDINARY_UPLOAD_PRESET || null,
          apiBase: e.CLOUDINARY_API_BASE.replace(/\/+$/, ''),
          requestTimeoutMs: e.CLOUDINARY_TIMEOUT_MS,
        }
      : null,
  };
}
