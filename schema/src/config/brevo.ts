import { z } from 'zod';
import { SERVICE_DEFAULTS } from '../reference/services';
import type { RunMode } from './env';

/**
 * The e-mail-marketing provider's settings (Brevo, docs/crm.md), read by the workers (the sync
 * sends contacts) and the gateway (/backend/brevo asks Brevo whether the key works).
 */
export type MarketingListSource = 'subscriber' | 'lead' | 'customer';

export interface BrevoSettings {
  /** Empty: nothing is sent; each contact is recorded as what would be sent (status `recorded`). */
  apiKey: string;
  /** Brevo's host; the fake's (fakes/brevo, :4020) outside production unless set. */
  apiBase: string;
  /** Lists a contact is added to, per source. */
  listIds: Record<MarketingListSource, number[]>;
  requestTimeoutMs: number;
}

const SOURCES: MarketingListSource[] = ['subscriber', 'lead', 'customer'];

/** `subscriber=2,lead=3+7,customer=4` (several lists joined by +), or one id for every source; null if malformed. */
export function parseBrevoListIds(value: string): BrevoSettings['listIds'] | null {
  const out: BrevoSettings['listIds'] = { subscriber: [], lead: [], customer: [] };
  const text = value.trim();
  if (text === '') return out;
  if (/^\d+$/.test(text)) {
    for (const s of SOURCES) out[s] = [Number(text)];
    return out;
  }
  for (const part of text.split(',')) {
    const m = /^\s*(subscriber|lead|customer)\s*=\s*(\d+(?:\+\d+)*)\s*$/.exec(part);
    if (!m?.[1] || !m[2]) return null;
    out[m[1] as MarketingListSource] = m[2].split('+').map(Number);
  }
  return out;
}

/** The Brevo variables (spread into a process's env schema). */
export const BrevoEnv = {
  BREVO_API_KEY: z.string().trim().default(''),
  BREVO_API_BASE: z.url().optional(),
  BREVO_LIST_IDS: z
    .string()
    .default('')
    .refine((v) => parseBrevoListIds(v) !== null, 'subscriber=2,lead=3,customer=4, or one list id for all'),
  BREVO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
};

type BrevoEnvValues = {
  BREVO_API_KEY: string;
  BREVO_API_BASE?: string | undefined;
  BREVO_LIST_IDS: string;
  BREVO_TIMEOUT_MS: number;
};

export function brevoSettingsOf(e: BrevoEnvValues, mode: RunMode): BrevoSettings {
  return {
    apiKey: e.BREVO_API_KEY,
    // Production talks to Brevo unless told otherwise; elsewhere the fake.
    apiBase: (
      e.BREVO_API_BASE ?? (mode === 'production' ? 'https://api.brevo.com' : SERVICE_DEFAULTS.brevoApiBase)
    ).replace(/\/+$/, ''),
    listIds: parseBrevoListIds(e.BREVO_LIST_IDS) ?? { subscriber: [], lead: [], customer: [] },
    requestTimeoutMs: e.BREVO_TIMEOUT_MS,
  };
}
