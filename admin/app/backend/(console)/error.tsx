'use client';

import { useEffect } from 'react';
import { ErrorFallback } from '@/ui/error-fallback';

// A page that fails keeps the shell around it, so staff can still navigate away.
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorFallback retry={retry} />;
}
