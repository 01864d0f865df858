import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageKind, ImageUploadResult } from '@qahwa/schema';
import type { ImageFormat } from './sniff';

export interface ImageToStore {
  bytes: Buffer;
  format: ImageFormat;
  /** What the picture is for: it decides the image host's upload preset. */
  kind: ImageKind;
  /** The kind's folder (IMAGE_FOLDERS: SPEC 7's products, products/gallery, products/variations, categories, sliders; returns). */
  folder: string;
  /** The caller's name for it (Cloudinary's `public_id`); local storage names files by content. */
  publicId?: string;
  tags: string[];
}

/** The one port the upload route talks to: local disk or an image host. */
export interface ImageStore {
  readonly kind: 'local' | 'cloudinary';
  put(image: ImageToStore): Promise<ImageUploadResult>;
}

/** The path the gateway serves local files under (routes/uploads.ts); the apps reach it through their proxies. */
export const LOCAL_FILES_PATH = '/api/uploads/files';

/** A content-addressed file name: the SHA-256 of the bytes and the sniffed format's extension. */
export const LOCAL_FILE_NAME = /^[a-f0-9]{64}\.(?:jpg|png|webp|avif)$/;

/**
 * Files on the gateway's disk under `dir`, named by the SHA-256 of their bytes: the same picture
 * uploaded twice is one file, and a name never changes content, so it is served `immutable`. A
 * file appears whole or not at all (written beside, then renamed); a failed write leaves nothing.
 */
export function createLocalImageStore(dir: string): ImageStore {
  return {
    kind: 'local',
    async put(image) {
      const hash = createHash('sha256').update(image.bytes).digest('hex');
      const name = `${hash}.${image.format}`;
      const target = join(dir, name);
      await mkdir(dir, { recursive: true });
      const exists = await stat(target).then(
        (s) => s.size === image.bytes.length,
        () => false,
      );
      if (!exists) {
        const temp = join(dir, `.${randomUUID()}.part`);
        try {
          await writeFile(temp, image.bytes, { flag: 'wx' });
          await rename(temp, target);
        } catch (error) {
          await rm(temp, { force: true });
          throw error;
        }
      }
      return {
        public_id: `${image.folder}/${hash}`,
        secure_url: `${LOCAL_FILES_PATH}/${name}`,
        format: image.format,
        bytes: image.bytes.length,
      };
    },
  };
}
