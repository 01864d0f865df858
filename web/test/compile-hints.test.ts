import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', 'scripts', 'compile-hints.mjs');
const HINT = '//# allFunctionsCalledOnLoad\n';

function run(distDir: string): string {
  return execFileSync(process.execPath, [script], {
    env: { ...process.env, NEXT_DIST_DIR: distDir },
  }).toString();
}

describe('compile hints after next build (docs/performance.md "Compile hints")', () => {
  it("marks every start-up script of the build manifest once, and leaves the pages' own chunks alone", () => {
    const dist = mkdtempSync(join(tmpdir(), 'qahwa-hints-'));
    mkdirSync(join(dist, 'static', 'chunks'), { recursive: true });
    const file = (name: string) => join(dist, 'static', 'chunks', name);
    writeFileSync(file('react-dom.js'), 'console.log(1)');
    writeFileSync(file('router.js'), 'console.log(2)');
    writeFileSync(file('page.js'), 'console.log(3)');
    writeFileSync(
      join(dist, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/router.js'] }),
    );

    expect(run(dist)).toContain('2 of 2 start-up scripts marked');
    expect(readFileSync(file('react-dom.js'), 'utf8')).toBe(`${HINT}console.log(1)`);
    expect(readFileSync(file('router.js'), 'utf8')).toBe(`${HINT}console.log(2)`);
    expect(readFileSync(file('page.js'), 'utf8')).toBe('console.log(3)');
    // A second build step (or `make dev` after `make test`) does not stack the comment.
    expect(run(dist)).toContain('0 of 2 start-up scripts marked');
    expect(readFileSync(file('router.js'), 'utf8')).toBe(`${HINT}console.log(2)`);
  });

  it('fails the build when the manifest names no start-up script (a Next upgrade moved it)', () => {
    const dist = mkdtempSync(join(tmpdir(), 'qahwa-hints-'));
    writeFileSync(join(dist, 'build-manifest.json'), JSON.stringify({ pages: {} }));
    expect(() => run(dist)).toThrow();
  });
});
