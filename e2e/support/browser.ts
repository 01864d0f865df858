import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { root } from './stack';

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

type Messages = Record<string, Record<string, string>>;

/**
 * The apps' own message files, so the test finds elements by the names a shopper reads: one file
 * per language, or (the storefront since its messages were split by area) a folder of area files.
 */
export function messages(app: 'web' | 'admin', locale: 'en' | 'ar'): Messages {
  const dir = `${root}${app}/messages/${locale}`;
  if (!existsSync(dir)) return JSON.parse(readFileSync(`${dir}.json`, 'utf8'));
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'))),
  );
}

/** Fills an ICU-free placeholder such as "Select Options for {name}". */
export const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);
