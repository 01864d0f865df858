import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeCodOrder, stockedProduct } from './support/orders';
import { startStackAndBrowser, stopStackAndBrowser } from './support/session';
import { root, type Stack } from './support/stack';

/*
 * Every storefront route, in Arabic, shows no Latin word that is not a brand, a code
 * or a number. The routes come from the built app itself (Next's app-path-routes manifest), so
 * a page added later is walked without anyone listing it here; a dynamic segment is filled from
 * the live catalogue, and one this test cannot fill fails it by name.
 */

/** Brands and words that stay Latin in an Arabic store (payment brands are written as their owners write them). */
const ALLOWED = new Set(
  [
    'qahwa',
    'AED',
    'Tabby',
    'COD',
    'SKU',
    'Visa',
    'Mastercard',
    'Apple',
    'Google',
    'Pay',
    'Stripe',
    'WhatsApp',
    'Instagram',
    'V60',
    // Order numbers are written QH-100001 in every language; the lookup's hint names the prefix.
    'QH',
    // The language switcher names English in English (an endonym), so a reader of English finds it.
    'English',
  ].map((w) => w.toLowerCase()),
);

/** A code (an SKU such as CS-250-WB, an order number, a postcode) has a digit or is all capitals with dashes. */
// Coupon codes (FREESHIP, ANNIVERSARY_2025) are typed as shown, in capitals, in any language.
const isCode = (word: string) =>
  /\d/.test(word) || /^[A-Z]{1,6}(?:-[A-Z0-9]+)+$/.test(word) || /^[A-Z][A-Z0-9_]{3,}$/.test(word);

function latinWords(text: string): string[] {
  const stripped = text
    // E-mail addresses, web addresses and phone numbers are codes.
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/(?:www\.)?[\w-]+\.(?:com|ae|local|net|org)\b/g, ' ');
  return [...stripped.matchAll(/[A-Za-z][A-Za-z0-9_]*(?:['’-][A-Za-z0-9_]+)*/g)]
    .map((m) => m[0])
    .filter((w) => !ALLOWED.has(w.toLowerCase()) && !isCode(w));
}

/** The storefront's page routes, from the production build the stack serves. */
function builtRoutes(): string[] {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const manifest = `${root}web/${distDir}/app-path-routes-manifest.json`;
  if (!existsSync(manifest)) throw new Error(`no storefront build at web/${distDir}: run next build first`);
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  return Object.entries(entries)
    .filter(([entry]) => entry.endsWith('/page'))
    .map(([, route]) => route)
    .filter((route) => !route.startsWith('/_'))
    .sort();
}

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  ({ stack, browser } = await startStackAndBrowser());
});
afterAll(() => stopStackAndBrowser(stack, browser));

describe('latinWords', () => {
  it('keeps brands, codes, numbers and addresses, and names every other Latin word', () => {
    expect(latinWords('قهوة qahwa بسعر 45.00 AED رمز CS-250-WB اكتب إلى hello@qahwa.ae')).toEqual([]);
    expect(latinWords('أضف إلى Cart الآن، Only 3 left')).toEqual(['Cart', 'Only', 'left']);
  });
});

describe('every storefront route in Arabic', () => {
  it('shows only Arabic words besides brands, codes and numbers', async () => {
    const products = (await (await fetch(`${stack.gatewayUrl}/api/products?limit=2`)).json()) as {
      slug: string;
    }[];
    const categories = (await (await fetch(`${stack.gatewayUrl}/api/categories`)).json()) as {
      slug: string;
    }[];
    // An Arabic shopper's order, for its tracking page (/orders/track/[token]) and its checkout
    // confirmation (/checkout/confirmation?t=<token>), both opened by its signed token.
    const { product } = await stockedProduct(stack, 2);
    const email = `ar-routes-${Date.now()}@example.ae`;
    const orderNumber = await placeCodOrder(stack, {
      customer: { fullName: 'مريم الهاشمي', email, phone: '+971501234567' },
      product,
      locale: 'ar',
      address: 'الخليج التجاري، برج 7، مكتب 301',
    });
    const lookup = await fetch(`${stack.gatewayUrl}/api/orders/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber, contact: email }),
    });
    const { token } = (await lookup.json()) as { token: string };
    const fillers: Record<string, string[]> = {
      slug: products.map((p) => p.slug).slice(0, 1),
      category: categories.map((c) => c.slug).slice(0, 2),
      token: [token],
    };
    // Pages that show a shopper's own order only with its token in the query.
    const queries: Record<string, string> = {
      '/checkout/confirmation': `?${new URLSearchParams({ t: token })}`,
    };
    const paths: string[] = [];
    for (const route of builtRoutes()) {
      const params = [...route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
      if (params.length === 0) {
        paths.push(`${route}${queries[route] ?? ''}`);
        continue;
      }
      const values = fillers[params[0]!];
      if (params.length > 1 || !values?.length)
        throw new Error(`cannot fill ${route}: add its parameter to the fillers`);
      for (const v of values) paths.push(route.replace(`[${params[0]}]`, v));
    }
    expect(paths).toContain('/shop');

    mkdirSync(`${root}.data/screens`, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-AE' });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: stack.webUrl }]);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of paths) {
      const res = await page.goto(`${stack.webUrl}${path}`, { waitUntil: 'load' });
      // Client islands fill in after load; a page that keeps a request open (a countdown, a
      // stream) never goes idle, so the wait is bounded.
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      expect(res?.status(), path).toBeLessThan(500);
      expect(await page.getAttribute('html', 'dir'), path).toBe('rtl');
      // What a shopper reads and what a screen reader says: the text, the title and the names.
      const text = await page.evaluate(() => {
        const names = Array.from(
          document.querySelectorAll('[aria-label],[alt],[placeholder],[title]'),
        ).flatMap((el) => ['aria-label', 'alt', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''));
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text a reader sees; textContent would add hidden nodes and scripts.
        return [document.title, document.body.innerText, ...names].join('\n');
      });
      for (const word of new Set(latinWords(text))) found.push(`${path}: ${word}`);
      await page.screenshot({
        path: `${root}.data/screens/ar-route${path === '/' ? '-home' : path.split('?')[0]!.replaceAll('/', '-')}.png`,
        fullPage: true,
      });
    }
    await context.close();
    expect(found).toEqual([]);
  });
});
