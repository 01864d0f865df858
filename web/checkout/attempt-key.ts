import { uuid } from './uuid';

const KEY = 'qahwa-checkout-attempt';

interface Attempt {
  key: string;
  intent: string;
}

/**
 * The Idempotency-Key of one checkout attempt, kept in sessionStorage until the order exists,
 * so a double click, a retry after a timeout or a reload cannot make a second order.
 *
 * `intent` is what the shopper asked for (who, where, which items and how many), not the
 * prices: a retry whose shipping quote changed is still the same attempt. A different cart
 * or address is a new attempt and gets a new key, so the server never sees one key with two
 * different orders.
 */
export function attemptKey(
  intent: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): string {
  try {
    const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as Attempt | null;
    if (saved && typeof saved.key === 'string' && saved.intent === intent) return saved.key;
  } catch {
    // Corrupt or unavailable: start a new attempt.
  }
  const attempt: Attempt = { key: uuid(), intent };
  try {
    storage.setItem(KEY, JSON.stringify(attempt));
  } catch {
    // Storage disabled: the key still covers this page's double clicks.
  }
  return attempt.key;
}

export function endAttempt(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
