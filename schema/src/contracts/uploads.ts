import { z } from 'zod';

/** SPEC 3 "Image upload result fields read". */
export const ImageUploadResult = z
  .object({ public_id: z.string(), secure_url: z.string(), format: z.string(), bytes: z.number().int() })
  .meta({ id: 'ImageUploadResult' });
export type ImageUploadResult = z.infer<typeof ImageUploadResult>;
