'use client';

import { useEffect } from 'react';
import { ErrorFallback } from '@/ui/error-fallback';

// Catches what the (console) layout throws, e.g. the gateway being unreachable for the session.
export default function BackendError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="px-4 py-6">
      <ErrorFallback retry={retry} />
    </main>
  );
}
