import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { uploads } from '../../schema';

export interface UploadRecord {
  publicId: string;
  secureUrl: string;
  format: string;
  bytes: number;
  folder: string;
  storage: 'local' | 'cloudinary';
  uploadedBy: string | null;
}

/** Staff's uploaded images (docs/admin.md "Uploads"): one row per stored picture, whoever uploaded it last. */
export function createUploadsRepository(db: DbOrTx) {
  return {
    /** The same picture again (local names are content hashes) is the same row, touched. */
    async record(row: UploadRecord, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(uploads)
        .values(row)
        .onConflictDoUpdate({
          target: uploads.publicId,
          set: { secureUrl: row.secureUrl, uploadedBy: row.uploadedBy, updatedAt: sql`now()` },
        });
    },
  };
}
