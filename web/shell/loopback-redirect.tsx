'use client';

import { useEffect } from 'react';
import { loopbackTwin } from './loopback-origin';

/**
 * The store on a developer's machine (`make dev`, `make start`, the end-to-end tests) answers to
 * localhost and 127.0.0.1 alike, and Next treats both as one host, so a redirect from the server
 * comes back relative — a loop. The browser knows the name it typed: it moves to the configured
 * origin before anything is added to a cart there. Rendered only when that origin is a loopback
 * address (web/app/layout.tsx); a store on a public host draws nothing.
 */
export function LoopbackOrigin({ origin }: { origin: string }) {
  useEffect(() => {
    const target = loopbackTwin(window.location.href, origin);
    if (target) window.location.replace(target);
  }, [origin]);
  return null;
}
