import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';

/*
 * The workflow bundle of the tests, kept on disk between test files and runs
 * (README "Tests"). Bundling takes about two seconds of CPU and every
 * integration file that starts a worker did it again. The bundle is named by a hash of everything
 * it can be built from: the sources of the workspaces workflow code may import, the lockfile (the
 * SDK and webpack versions) and the entry file. Any change to one of them names another file, so
 * a stale bundle is never used. Only tests use it: the integration tests' workers, and the
 * end-to-end stack's processes through WORKFLOW_BUNDLE_CACHE=1 (schema/src/config/workflow-bundle.ts),
 * which production refuses.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = ['workflows/src', 'checkout/src', 'schema/src', 'mail/src', 'db/src'];
const CACHE_DIR = join(root, '.data', 'workflow-bundles');
const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else if (entry.isFile()) hash.update(path.slice(root.length)).update('\0').update(readFileSync(path));
  }
}

/** The name the bundle of `workflowsPath` has for the sources as they are now. */
export function bundleKey(workflowsPath: string): string {
  const hash = createHash('sha256').update(workflowsPath.slice(root.length)).update('\0');
  hash.update(readFileSync(join(root, 'package-lock.json')));
  for (const dir of SOURCES) hashTree(hash, join(root, dir));
  return hash.digest('hex').slice(0, 32);
}

/** The bundle of `workflowsPath`: read from the cache, or built, written (atomically) and read. */
export async function cachedWorkflowBundle(workflowsPath: string): Promise<WorkflowBundle> {
  const entry = basename(workflowsPath, '.ts');
  const name = `${entry}-${bundleKey(workflowsPath)}.js`;
  const file = join(CACHE_DIR, name);
  try {
    if (statSync(file).isFile()) return { code: readFileSync(file, 'utf8') };
  } catch {}
  const bundle = await bundleWorkflowCode({ workflowsPath, logger: quiet });
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bundle.code);
  renameSync(partial, file);
  // This entry's bundles of earlier sources are never read again.
  for (const other of readdirSync(CACHE_DIR)) {
    if (other.startsWith(`${entry}-`) && other.endsWith('.js') && other !== name) {
      rmSync(join(CACHE_DIR, other), { force: true });
    }
  }
  return bundle;
}
