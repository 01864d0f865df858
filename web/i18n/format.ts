/**
 * The ICU message subset our messages use, formatted without a library: `{name}` and
 * `{count, plural, =0 {…} one {# item} other {# items}}` (with `select` for completeness).
 *
 * Why not use-intl in the browser: its formatter (intl-messageformat and its parser) was 12 KB of
 * the 150 KB a page may send (docs/performance.md), for a handful of placeholders and
 * plurals. Server components keep next-intl; `test/i18n-format.test.ts` formats every message of
 * both languages here and with use-intl and requires the same text, so the two cannot drift.
 * A message using syntax outside the subset fails that test.
 */

export type MessageValues = Record<string, string | number | undefined | null>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function plural(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function number(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

/** The index of the `}` that closes the `{` just before `from`. */
function closing(message: string, from: number): number {
  let depth = 1;
  for (let i = from; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i;
  }
  throw new SyntaxError(`unclosed { in "${message}"`);
}

/** `=0 {…} one {…} other {…}` → their selectors and bodies. */
function options(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const selector = body.slice(i, open).trim();
    const end = closing(body, open + 1);
    out.set(selector, body.slice(open + 1, end));
    i = end + 1;
  }
  return out;
}

/** Formats `message` with `values`; `pound` is what `#` stands for inside a plural branch. */
export function formatMessage(
  message: string,
  values: MessageValues = {},
  locale = 'en',
  pound?: string,
): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i] as string;
    if (ch === '#' && pound !== undefined) {
      out += pound;
      i++;
      continue;
    }
    if (ch !== '{') {
      out += ch;
      i++;
      continue;
    }
    const end = closing(message, i + 1);
    const inner = message.slice(i + 1, end);
    i = end + 1;
    const comma = inner.indexOf(',');
    if (comma < 0) {
      const value = values[inner.trim()];
      out += value === undefined || value === null ? '' : String(value);
      continue;
    }
    const name = inner.slice(0, comma).trim();
    const rest = inner.slice(comma + 1);
    const second = rest.indexOf(',');
    const kind = rest.slice(0, second).trim();
    const branches = options(rest.slice(second + 1));
    const value = values[name];
    if (kind === 'plural') {
      const n = Number(value);
      const branch =
        branches.get(`=${n}`) ?? branches.get(plural(locale).select(n)) ?? branches.get('other') ?? '';
      const hash = branch.includes('#') ? number(locale).format(n) : undefined;
      out += formatMessage(branch, values, locale, hash);
    } else if (kind === 'select') {
      out += formatMessage(branches.get(String(value)) ?? branches.get('other') ?? '', values, locale, pound);
    } else {
      throw new SyntaxError(`unsupported argument type "${kind}" in "${message}"`);
    }
  }
  return out;
}
