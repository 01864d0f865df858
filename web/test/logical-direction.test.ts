import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No physical left/right anywhere: both apps are read in Arabic (right to left) as
 * much as in English, so every side is said logically — `ms-`/`me-`, `ps-`/`pe-`, `start-`/`end-`,
 * `text-start`, `border-s`, `rounded-s`, `float-start`; CSS `inset-inline-start`, `margin-inline-*`.
 * A physical side is allowed only under an explicit `ltr:` or `rtl:` variant (the author chose
 * both sides on purpose). This test reads the sources of web/ and admin/ and names each slip.
 */
const ROOT = join(__dirname, '..', '..');
const APPS = ['web', 'admin'];
const SKIP_DIRS = new Set(['node_modules', 'public', 'test', 'messages']);
const SOURCE = /\.(tsx?|css|mjs)$/;

/** A Tailwind class token with a physical side (any variants before it, an optional `-` for negatives). */
const PHYSICAL_UTILITY = new RegExp(
  [
    String.raw`(?<=^|[\s"'\`{(,])`, // a token starts after a space, a quote, a brace, a paren or a comma
    String.raw`((?:[\w\[\]&>*@/.-]+:)*)`, // variants (md:, hover:, group-hover:, [&>svg]:)
    String.raw`(-?(?:left|right|ml|mr|pl|pr|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-[\w.\[\]/%-]+`,
    '|text-(?:left|right)|float-(?:left|right)|clear-(?:left|right)',
    String.raw`|border-[lr](?:-[\w.\[\]/%-]+)?|rounded-(?:[lr]|tl|tr|bl|br)(?:-[\w.\[\]/%-]+)?)`,
    String.raw`(?=$|[\s"'\`})!,])`,
  ].join(''),
  'gm',
);

/** CSS properties and React inline styles with a physical side. */
const PHYSICAL_CSS = [
  /(?<![\w-])(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?\s*:/g,
  /(?<![\w-])(?:left|right)\s*:\s*[-\d.]/g,
  /(?<![\w-])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/g,
  /\b(?:marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\w*|borderRight\w*)\s*:/g,
  /\btextAlign\s*:\s*['"](?:left|right)['"]/g,
  /(?<![\w.-])(?:left|right)\s*:\s*(?:['"`]|\d|[a-z]\w*\s*[,}])/g,
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.config.ts')) out.push(path);
  }
  return out;
}

/** Comments say why, and may well say "left to right": they are not styles. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function physicalSides(text: string, isCss: boolean): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(PHYSICAL_UTILITY)) {
    const variants = m[1] ?? '';
    if (/(?:^|:)(?:ltr|rtl)(?::|$)/.test(variants)) continue;
    found.push(m[0]);
  }
  if (isCss) for (const re of PHYSICAL_CSS.slice(0, 3)) for (const m of code.matchAll(re)) found.push(m[0]);
  else for (const re of PHYSICAL_CSS.slice(3)) for (const m of code.matchAll(re)) found.push(m[0]);
  return found;
}

describe('logical sides only (RTL)', () => {
  it('catches what it should and lets logical and explicitly directed utilities through', () => {
    expect(
      physicalSides(`<div className="ml-2 md:pr-4 -left-1 text-right border-l rounded-tl-lg">`, false),
    ).toEqual(['ml-2', 'md:pr-4', '-left-1', 'text-right', 'border-l', 'rounded-tl-lg']);
    expect(
      physicalSides(
        `<div className="ms-2 pe-4 start-0 text-start rtl:-scale-x-100 rtl:left-0 ltr:mr-1">`,
        false,
      ),
    ).toEqual([]);
    expect(physicalSides(`// the arrow points left-to-right\nconst a = 1;`, false)).toEqual([]);
    expect(physicalSides('.x { margin-left: 4px; left: 0; text-align: right }', true)).toEqual([
      'margin-left:',
      'left: 0',
      'text-align: right',
    ]);
    expect(physicalSides(`<p style={{ marginLeft: 4, textAlign: 'left' }} />`, false)).toHaveLength(2);
  });

  for (const app of APPS) {
    it(`${app}/ uses no physical left/right utility or property`, () => {
      const slips: string[] = [];
      const files = sources(join(ROOT, app));
      // The walk really reads the app (a wrong root would pass vacuously).
      expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
      for (const file of files) {
        const found = physicalSides(readFileSync(file, 'utf8'), file.endsWith('.css'));
        for (const f of found) slips.push(`${relative(ROOT, file)}: ${f}`);
      }
      expect(slips).toEqual([]);
    });
  }
});
