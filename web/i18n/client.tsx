'use client';

import type { Locale } from '@qahwa/schema/money';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type en from '@/messages/en';
import { formatMessage, type MessageValues } from './format';

/**
 * The client islands' messages: the same `useTranslations(namespace)` / `useLocale()` calls as
 * next-intl, over the page's language and messages handed down by the root layout, formatted by
 * `./format` instead of next-intl's client runtime (12 KB compressed on every page, of the
 * 150 KB a route may send). Server components keep next-intl.
 */

type Messages = typeof en;
type Namespace = keyof Messages;

interface ClientMessagesValue {
  locale: Locale;
  messages: Messages;
}

const ClientMessagesContext = createContext<ClientMessagesValue | null>(null);

export function ClientMessages({
  locale,
  messages,
  children,
}: ClientMessagesValue & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <ClientMessagesContext.Provider value={value}>{children}</ClientMessagesContext.Provider>;
}

function useClientMessages(): ClientMessagesValue {
  const value = useContext(ClientMessagesContext);
  if (!value) throw new Error('ClientMessages is missing above this component (app/layout.tsx)');
  return value;
}

export function useLocale(): Locale {
  return useClientMessages().locale;
}

/** `key` or `group.key` for nested messages (next-intl's dotted keys). */
type Keys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Keys<T[K]>}`;
}[keyof T & string];

export type Translate<N extends Namespace> = (key: Keys<Messages[N]>, values?: MessageValues) => string;

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

export function useTranslations<N extends Namespace>(namespace: N): Translate<N> {
  const { locale, messages } = useClientMessages();
  return useMemo(() => {
    const strings = messages[namespace];
    // A missing key shows as `Namespace.key` (next-intl's fallback), never as an empty string.
    return (key, values) => {
      const message = lookup(strings, key);
      return message === undefined ? `${namespace}.${key}` : formatMessage(message, values, locale);
    };
  }, [locale, messages, namespace]);
}
