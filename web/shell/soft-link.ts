/**
 * Which clicks on a plain `<a>` become a client-side navigation (the 150 KB per route budget:
 * next/link was 4.1 KB of every page; docs/performance.md). The storefront's links are plain
 * anchors drawn by the server, and one listener in the layout (`soft-navigation.tsx`) hands the
 * clicks this rule accepts to Next's router — what next/link did for them — and leaves every other
 * click to the browser, exactly as a plain link behaves without JavaScript.
 */
export interface ClickFacts {
  /** Something else (a handler, the browser) already took the click. */
  defaultPrevented: boolean;
  /** 0 = the main button; a middle click opens a tab. */
  button: number;
  /** Ctrl/⌘/Shift/Alt: a new tab, a new window, a download. */
  modifier: boolean;
  /** The anchor's `target` attribute ('' when absent). */
  target: string;
  /** The anchor has a `download` attribute. */
  download: boolean;
  /** The anchor's resolved `href` (`HTMLAnchorElement.href`, absolute). */
  href: string;
}

/** Paths that are not pages: the gateway's API through the proxy, static files, Next's assets. */
const NOT_A_PAGE = /^\/(?:api|_next|images)(?:\/|$)|\.[a-z0-9]{2,5}$/i;

/**
 * The path, query and fragment to give the router, or null to let the browser follow the link:
 * another site, a new tab or window, a download, a file or API address, or a jump to a fragment
 * of the page already shown (the browser scrolls to it without a request).
 */
export function softNavigationTarget(click: ClickFacts, current: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.modifier || click.download) return null;
  if (click.target !== '' && click.target !== '_self') return null;
  let url: URL;
  let here: URL;
  try {
    here = new URL(current);
    url = new URL(click.href, here);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (NOT_A_PAGE.test(url.pathname)) return null;
  if (url.hash !== '' && url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The same rule for an intent (a finger or a pointer on the link): the page worth prefetching. */
export function prefetchTarget(href: string, current: string): string | null {
  const target = softNavigationTarget(
    { defaultPrevented: false, button: 0, modifier: false, target: '', download: false, href },
    current,
  );
  if (target === null) return null;
  const url = new URL(target, current);
  const here = new URL(current);
  // The page already shown needs no prefetch.
  return url.pathname === here.pathname && url.search === here.search ? null : `${url.pathname}${url.search}`;
}
