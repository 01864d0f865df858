import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/browser-api';
import type { TableState } from './data-table';

/**
 * A back-office list: fetched when the screen opens and again whenever `fetchList` changes (a
 * filter, a page), the table's loading, empty and error states, and a retry on the error. `load`
 * is also what a screen calls after a save. `fetchList` must be stable (useCallback) or every
 * render would fetch again.
 */
export function useListLoader<T>(
  fetchList: () => Promise<T>,
  {
    initial,
    isEmpty = (data) => Array.isArray(data) && data.length === 0,
    loadFailed,
    retryLabel,
    serverMessage = false,
    delayMs = 0,
  }: {
    initial: T;
    isEmpty?: (data: T) => boolean;
    /** What the error state says. */
    loadFailed: string;
    retryLabel: string;
    /** Say the gateway's own message when it answered (a network failure still says `loadFailed`). */
    serverMessage?: boolean;
    /** Wait this long before fetching, so typing in a filter asks once. */
    delayMs?: number;
  },
) {
  const [data, setData] = useState<T>(initial);
  const [state, setState] = useState<TableState>({ status: 'loading' });
  // Only how to tell an empty answer: not a reason to fetch again.
  const isEmptyRef = useRef(isEmpty);
  isEmptyRef.current = isEmpty;

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const result = await fetchList();
      setData(result);
      setState({ status: 'ready', empty: isEmptyRef.current(result) });
    } catch (error) {
      setState({
        status: 'error',
        message:
          serverMessage && error instanceof ApiError && error.status !== 0 ? error.message : loadFailed,
        retry: () => void load(),
        retryLabel,
      });
    }
  }, [fetchList, loadFailed, retryLabel, serverMessage]);

  useEffect(() => {
    if (delayMs <= 0) {
      void load();
      return;
    }
    const timer = setTimeout(() => void load(), delayMs);
    return () => clearTimeout(timer);
  }, [load, delayMs]);

  return { data, state, load };
}
