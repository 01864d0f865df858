import { loadConfig } from '../config';
import { syncUploadPresets } from './presets';

/**
 * Sets up Cloudinary's upload presets, one per kind of image (presets.ts), from the gateway's own
 * settings: `npm run uploads:presets -w @qahwa/gateway`. Nothing to do with local storage.
 */
async function main(): Promise<number> {
  const { cloudinary } = loadConfig().uploads;
  if (!cloudinary) {
    console.error('uploads:presets: no Cloudinary keys (CLOUDINARY_URL): images stay on the local disk');
    return 2;
  }
  for (const { name, kind, action } of await syncUploadPresets(cloudinary)) {
    console.log(`${action} ${name} (${kind})`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
