'use client';

import { Provider } from 'jotai';
import type { ReactNode } from 'react';

/** One jotai store per browser tab (and per request on the server, so no state leaks between shoppers). */
export function Providers({ children }: { children: ReactNode }) {
  return <Provider>{children}</Provider>;
}
