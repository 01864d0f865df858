'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { prefetchTarget, softNavigationTarget } from './soft-link';

/**
 * The storefront's links are plain `<a>` drawn by the server (next/link was 4.1 KB of every page,
 * against the 150 KB per route budget). This one listener gives them what next/link gave: a click on a
 * page of the store is a client-side navigation through Next's router (which every page loads
 * anyway), so the layout, the header's islands and the cart stay as they are and only the page's
 * server output is fetched; and the page is prefetched when a finger touches the link or a pointer
 * rests on it (next/link's own hover and touch prefetch; its viewport prefetch is dropped: every
 * storefront page reads the shopper's language from a cookie, so it is dynamic and a viewport
 * prefetch fetched little more than the layout — docs/performance.md). Anything the rule in
 * `soft-link.ts` refuses (a new tab, another site, a file) is the browser's, as without JavaScript.
 * It listens on `window` in the capture phase, before anything else sees the click: Headless UI's
 * dialog panels stop the click's propagation (the phone menu's links would otherwise be full
 * loads), and no handler of ours prevents a link's default. A link's own onClick (the menu closing
 * itself) still runs.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    // The router keeps its own prefetch cache; this only spares it a call per pointer move.
    let last: string | null = null;
    const anchorOf = (target: EventTarget | null): HTMLAnchorElement | null =>
      target instanceof Element ? (target.closest('a[href]') as HTMLAnchorElement | null) : null;

    const onClick = (e: MouseEvent) => {
      const a = anchorOf(e.target);
      if (!a) return;
      const to = softNavigationTarget(
        {
          defaultPrevented: e.defaultPrevented,
          button: e.button,
          modifier: e.metaKey || e.ctrlKey || e.shiftKey || e.altKey,
          target: a.getAttribute('target') ?? '',
          download: a.hasAttribute('download'),
          href: a.href,
        },
        window.location.href,
      );
      if (to === null) return;
      e.preventDefault();
      router.push(to);
    };
    const onIntent = (e: Event) => {
      const a = anchorOf(e.target);
      if (!a) return;
      const to = prefetchTarget(a.href, window.location.href);
      if (to === null || to === last) return;
      last = to;
      router.prefetch(to);
    };

    window.addEventListener('click', onClick, { capture: true });
    window.addEventListener('touchstart', onIntent, { passive: true });
    window.addEventListener('mouseover', onIntent, { passive: true });
    window.addEventListener('focusin', onIntent);
    return () => {
      window.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('touchstart', onIntent);
      window.removeEventListener('mouseover', onIntent);
      window.removeEventListener('focusin', onIntent);
    };
  }, [router]);
  return null;
}
