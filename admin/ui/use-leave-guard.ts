'use client';

import { useEffect, useRef } from 'react';

/**
 * While `active`, leaving the page asks first: closing or reloading the tab gets the browser's
 * own "leave site?" prompt (browsers show their words, not ours), and a click on a link to
 * another page of the back office — a client navigation, which fires no beforeunload — asks
 * with `message`. Saying no keeps the page and what is on it.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  const state = useRef({ active, message });
  state.current = { active, message };

  useEffect(() => {
    function beforeUnload(event: BeforeUnloadEvent) {
      if (!state.current.active) return;
      event.preventDefault();
      // Older browsers need a value set to show their prompt.
      event.returnValue = '';
    }
    function click(event: MouseEvent) {
      if (!state.current.active || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const to = new URL(anchor.href, window.location.href);
      const here = window.location;
      if (to.origin !== here.origin || (to.pathname === here.pathname && to.search === here.search)) return;
      if (window.confirm(state.current.message)) return;
      event.preventDefault();
      event.stopPropagation();
    }
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, []);
}
