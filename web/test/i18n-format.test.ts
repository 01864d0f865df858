import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@/i18n/format';
import ar from '@/messages/ar';
import en from '@/messages/en';

/**
 * The client islands format their messages with `i18n/format.ts`, the server components with
 * next-intl. Every message of both languages, with every argument it names, must read the same
 * both ways — otherwise a shopper would see one text in the HTML and another after hydration.
 */
const COUNTS = [0, 1, 2, 3, 5, 11, 12, 100, 101, 1000];

function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] as string))];
}

describe('client message formatting (i18n/format.ts) equals next-intl', () => {
  for (const [locale, messages] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`formats every ${locale} message as use-intl does`, () => {
      const t = createTranslator({ locale, messages, timeZone: 'Asia/Dubai' });
      let checked = 0;
      for (const [path, message] of leaves(messages)) {
        {
          const names = argumentsOf(message);
          for (const count of names.length > 0 ? COUNTS : [0]) {
            const values = Object.fromEntries(
              names.map((n, i) => [n, /count|total|n$/i.test(n) ? count : `v${i}·${count}`]),
            );
            // Keys are checked at run time here; the translator's key type is the whole catalogue.
            const expected = (t as unknown as (k: string, v: object) => string)(path, values);
            expect(
              formatMessage(message, values, locale),
              `${locale} ${path} ${JSON.stringify(values)}`,
            ).toBe(expected);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(300);
    });
  }

  it('chooses the Arabic plural forms (two, few, many) and writes # in the language’s digits', () => {
    const message =
      '{count, plural, =0 {none} one {one} two {two} few {# few} many {# many} other {# other}}';
    expect(formatMessage(message, { count: 0 }, 'ar')).toBe('none');
    expect(formatMessage(message, { count: 2 }, 'ar')).toBe('two');
    expect(formatMessage(message, { count: 3 }, 'ar')).toBe(`${new Intl.NumberFormat('ar').format(3)} few`);
    expect(formatMessage(message, { count: 11 }, 'ar')).toBe(
      `${new Intl.NumberFormat('ar').format(11)} many`,
    );
    expect(formatMessage(message, { count: 100 }, 'ar')).toBe(
      `${new Intl.NumberFormat('ar').format(100)} other`,
    );
  });
});
