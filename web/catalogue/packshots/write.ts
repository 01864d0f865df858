/** Writes the seed's pictures under web/public (`npm run packshots -w @qahwa/web`). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKSHOT_ROOT } from '@qahwa/db/seed-data';
import { seedPictures } from './generate';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '../../public');
// Start clean, so a renamed variation leaves no orphan picture behind.
rmSync(join(publicDir, PACKSHOT_ROOT), { recursive: true, force: true });
const files = seedPictures();
for (const [path, svg] of files) {
  const target = join(publicDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${svg}\n`);
}
console.log(`wrote ${files.size} pictures under web/public${PACKSHOT_ROOT}`);
