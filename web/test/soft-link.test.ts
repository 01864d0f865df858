import { describe, expect, it } from 'vitest';
import { type ClickFacts, prefetchTarget, softNavigationTarget } from '@/shell/soft-link';

const here = 'https://qahwa.example/shop?sort=newest';
const click = (href: string, over: Partial<ClickFacts> = {}): ClickFacts => ({
  defaultPrevented: false,
  button: 0,
  modifier: false,
  target: '',
  download: false,
  href,
  ...over,
});

describe('which plain links become client-side navigations (shell/soft-link.ts)', () => {
  it('takes a plain click on a page of the store, keeping its query and fragment', () => {
    expect(softNavigationTarget(click('https://qahwa.example/product/colombian-supremo'), here)).toBe(
      '/product/colombian-supremo',
    );
    expect(softNavigationTarget(click('/shop/coffee-beans?page=2#list'), here)).toBe(
      '/shop/coffee-beans?page=2#list',
    );
    expect(softNavigationTarget(click('/'), here)).toBe('/');
    expect(softNavigationTarget(click('/wishlist', { target: '_self' }), here)).toBe('/wishlist');
  });

  it('leaves to the browser what a plain link does without JavaScript', () => {
    // A new tab or window, a download, another button, a handler that already took the click.
    expect(softNavigationTarget(click('/shop', { modifier: true }), here)).toBeNull();
    expect(softNavigationTarget(click('/shop', { button: 1 }), here)).toBeNull();
    expect(softNavigationTarget(click('/shop', { target: '_blank' }), here)).toBeNull();
    expect(softNavigationTarget(click('/shop', { download: true }), here)).toBeNull();
    expect(softNavigationTarget(click('/shop', { defaultPrevented: true }), here)).toBeNull();
    // Another site, a phone number, mail.
    expect(softNavigationTarget(click('https://wa.me/971500000000'), here)).toBeNull();
    expect(softNavigationTarget(click('tel:+97145550000'), here)).toBeNull();
    expect(softNavigationTarget(click('mailto:hello@qahwa.example'), here)).toBeNull();
    // Not pages: the API through the proxy, pictures, Next's files, a sitemap.
    expect(softNavigationTarget(click('/api/products'), here)).toBeNull();
    expect(softNavigationTarget(click('/images/products/x.webp'), here)).toBeNull();
    expect(softNavigationTarget(click('/_next/static/chunks/a.js'), here)).toBeNull();
    expect(softNavigationTarget(click('/sitemap.xml'), here)).toBeNull();
    // A fragment of the page already shown: the browser scrolls, no request.
    expect(softNavigationTarget(click('/shop?sort=newest#reviews'), here)).toBeNull();
  });

  it('prefetches the page a finger or a pointer is on, never the one shown or a non-page', () => {
    expect(prefetchTarget('https://qahwa.example/product/x#reviews', here)).toBe('/product/x');
    expect(prefetchTarget('/shop?sort=newest', here)).toBeNull();
    expect(prefetchTarget('/shop?sort=newest#top', here)).toBeNull();
    expect(prefetchTarget('https://www.tabby.ai/', here)).toBeNull();
    expect(prefetchTarget('/api/settings', here)).toBeNull();
  });
});
