import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

/** Every page loads these (header, cart, options modal, toasts, language switcher, footer, hearts, analytics). */
const EVERY_PAGE = [
  'cart',
  'catalogue',
  'shell',
  'toast',
  'i18n',
  'wishlist',
  'newsletter',
  'analytics',
  'leads',
  // The options modal's "Notify me when it's back" (docs/back-in-stock.md).
  'back-in-stock',
];
/** Server-only modules in those folders may use anything. */
const SERVER_ONLY = new Set(['i18n/request.ts', 'leads/restore.ts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

// Entry points of @qahwa/schema made only of modules that build zod schemas when loaded (the root
// re-exports them all). The `cart` and `catalogue` entries hold zod modules too (cart-item, product)
// beside zod-free ones: the package's `"sideEffects": false` lets the bundler leave out every module
// of an entry whose exports a page does not use, so shared modules may import the zod-free names.
const ZOD_MODULES = /from '@qahwa\/schema(?:\/(?:contracts|validation|events))?'/;

describe('what every storefront page loads', () => {
  it('keeps the validation library (zod) out: shared client modules import @qahwa/schema deep, zod-free paths', () => {
    const offenders: string[] = [];
    for (const folder of EVERY_PAGE) {
      for (const path of files(join(root, folder))) {
        const rel = relative(root, path);
        if (SERVER_ONLY.has(rel)) continue;
        const source = readFileSync(path, 'utf8');
        for (const m of source.matchAll(/^import (?!type )[^;]*?;$/gms)) {
          if (ZOD_MODULES.test(m[0]) || /from 'zod'/.test(m[0]))
            offenders.push(`${rel}: ${m[0].replace(/\s+/g, ' ')}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps client islands off the libraries they replaced: next-intl, jotai, next/image, next/dynamic', () => {
    // The 150 KB per route budget: i18n/client.tsx (12 KB saved), shell/atoms.ts (4.6 KB),
    // catalogue/picture.tsx with ProductImage's server-side getImageProps (8 KB), React's lazy (2 KB).
    const FORBIDDEN = /from '(?:next-intl|jotai(?:\/[\w]+)?|next\/image|next\/dynamic)'/;
    const offenders: string[] = [];
    const sources = readdirSync(root)
      .filter((name) => !name.startsWith('.') && !['node_modules', 'public', 'test'].includes(name))
      .filter((name) => statSync(join(root, name)).isDirectory())
      .flatMap((name) => files(join(root, name)));
    expect(sources.length).toBeGreaterThan(50);
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      if (!source.startsWith("'use client'")) continue;
      for (const m of source.matchAll(/^import (?!type )[^;]*?;$/gms)) {
        if (FORBIDDEN.test(m[0])) offenders.push(`${relative(root, path)}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps next/link and next/script out of the storefront: plain anchors and inline loaders', () => {
    // Server components pulling them in still ship their client modules to every page: next/link
    // 4.1 KB (links are plain <a>, shell/soft-navigation.tsx routes their clicks), next/script
    // 2.3 KB (analytics/pixels.tsx writes inline loaders). docs/performance.md.
    const offenders: string[] = [];
    const sources = readdirSync(root)
      .filter((name) => !name.startsWith('.') && !['node_modules', 'public', 'test'].includes(name))
      .filter((name) => statSync(join(root, name)).isDirectory())
      .flatMap((name) => files(join(root, name)));
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      for (const m of source.matchAll(/^import (?!type )[^;]*?;$/gms)) {
        if (/from 'next\/(?:link|script)'/.test(m[0])) offenders.push(`${relative(root, path)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
