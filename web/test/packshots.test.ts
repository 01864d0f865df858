import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  PACKSHOT_ROOT,
  PRODUCTS,
  productGalleryPaths,
  productImagePath,
  variationImagePath,
} from '@qahwa/db/seed-data';
import { describe, expect, it } from 'vitest';
import { seedPictures } from '@/catalogue/packshots/generate';

const publicDir = join(import.meta.dirname, '../public');

function committed(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.set(`/${relative(publicDir, full)}`, readFileSync(full, 'utf8'));
    }
  };
  walk(join(publicDir, PACKSHOT_ROOT));
  return out;
}

describe('the seed pictures', () => {
  const drawn = seedPictures();

  it('are committed exactly as the generator draws them (run `npm run packshots -w @qahwa/web`)', () => {
    const files = committed();
    expect([...files.keys()].sort()).toEqual([...drawn.keys()].sort());
    for (const [path, svg] of drawn) expect(files.get(path), path).toBe(`${svg}\n`);
  });

  it('give every product a main picture and a gallery, and every variation its own picture', () => {
    for (const p of PRODUCTS) {
      expect(drawn.has(productImagePath(p.slug)), p.slug).toBe(true);
      for (const path of productGalleryPaths(p.slug)) expect(drawn.has(path), path).toBe(true);
      for (const v of p.variations) expect(drawn.has(variationImagePath(p.slug, v)), p.slug).toBe(true);
    }
  });

  it('are all different from one another: products, their close-ups and their variations', () => {
    // A product sold in one size only shows that one pack; its variation may repeat its main picture.
    const distinct = new Map<string, string>();
    for (const p of PRODUCTS) {
      const own = [...productGalleryPaths(p.slug), ...p.variations.map((v) => variationImagePath(p.slug, v))];
      const single = p.variations.length === 1 && drawn.get(own[2]!) === drawn.get(own[0]!);
      for (const path of single ? own.slice(0, 2) : own) distinct.set(path, drawn.get(path)!);
    }
    const bodies = [...distinct.values()];
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('are light enough for a phone on a slow network (each under 12 KB) and valid standalone SVG', () => {
    for (const [path, svg] of drawn) {
      expect(Buffer.byteLength(svg), path).toBeLessThan(12_000);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), path).toBe(true);
      // Scripts or outside references would be blocked or leak requests; a picture needs neither.
      expect(svg, path).not.toMatch(/<script|href="http/);
    }
  });
});
