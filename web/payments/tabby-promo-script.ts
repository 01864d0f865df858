/**
 * How the storefront hands Tabby's promo script to the browser (docs/web-pay-later.md). The page
 * always loads one script of its own origin, /payments/tabby/promo.js, which carries the run-time
 * settings (public key, merchant code: never frozen into a build) and then:
 *
 * - an https URL (Tabby's checkout host in production): adds a script tag for it, so the browser
 *   loads Tabby's own script from Tabby, as SPEC 7 says (the CSP allows Tabby's hosts);
 * - an http URL (the Tabby fake of `make dev` and the tests, on a loopback or private host that
 *   the shopper's browser may not reach, and that a build's CSP cannot name): relays its body.
 */
export const TABBY_PROMO_PATH = '/payments/tabby/promo.js';

export interface TabbyPromoSettings {
  publicKey: string;
  merchantCode: string;
}

export type PromoScriptSource = { kind: 'external'; url: string } | { kind: 'relay'; url: string };

export function promoScriptSource(url: string): PromoScriptSource {
  return new URL(url).protocol === 'https:' ? { kind: 'external', url } : { kind: 'relay', url };
}

/** The script's first line: the settings the widget reads (window.qahwaTabbyPromo). */
export function promoSettingsScript(settings: TabbyPromoSettings): string {
  // JSON inside a script: `<` escaped so no value can close a tag.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `window.qahwaTabbyPromo=${json};\n`;
}

/** For an external script: load it from its host (async; the widget waits for window.TabbyPromo). */
export function externalLoaderScript(url: string): string {
  return `(function(){var s=document.createElement('script');s.src=${JSON.stringify(url).replace(/</g, '\\u003c')};s.async=true;document.head.appendChild(s);})();\n`;
}
