import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// The checkout core is called in a request (cash on delivery) as well as by activities: a
// Temporal type in here would tie the gateway's order to the worker's runtime again.
describe('the checkout core', () => {
  it('imports nothing of Temporal', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(0);
    const offenders = files.filter((file) => /['"]@temporalio\//.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
