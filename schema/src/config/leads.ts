import { z } from 'zod';
import { ConfigError, type RunMode } from './env';

/**
 * Lead settings (docs/leads.md): the recovery link's secret, shared by the workflows (which
 * sign the link in the e-mail) and the gateway (which checks it when the link is opened), and
 * the timings of leadConversion, read by the workers that start it.
 */
export const LEAD_LINK_DEV_SECRET = 'dev-lead-link-secret-change-me';

/** `1h`, `30m`, `45s`, `500ms`, `7d`, or plain milliseconds. */
export function parseDurationMs(value: string): number | null {
  const m = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!m?.[1]) return null;
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  const ms = Number(m[1]) * unit;
  return ms > 0 ? ms : null;
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDurationMs(v);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'a duration such as 1h, 30m, 45s or 500ms' });
        return z.NEVER;
      }
      return ms;
    });

/** The link's variables (the workflows sign, the gateway checks). */
export const LeadLinkEnv = {
  LEAD_LINK_SECRET: z.string().min(1).default(LEAD_LINK_DEV_SECRET),
  LEAD_LINK_TTL: duration('7d'),
};

/** leadConversion's timings (the workers start it with them). */
export const LeadTimingEnv = {
  /** Idle time after the last lead activity before the one recovery e-mail (1 hour, docs/leads.md). */
  LEAD_RECOVERY_DELAY: duration('1h'),
  /** After the e-mail, how long an order still converts the lead in its workflow. */
  LEAD_CONVERSION_WINDOW: duration('7d'),
};

export interface LeadLinkSettings {
  secret: string;
  ttlMs: number;
}

/** Production refuses the public development secret: anyone could mint restore links. */
export function leadLinkSettingsOf(
  e: { LEAD_LINK_SECRET: string; LEAD_LINK_TTL: number },
  mode: RunMode,
): LeadLinkSettings {
  if (
    mode === 'production' &&
    (e.LEAD_LINK_SECRET === LEAD_LINK_DEV_SECRET || e.LEAD_LINK_SECRET.length < 32)
  ) {
    throw new ConfigError(
      'LEAD_LINK_SECRET must be set (32+ characters, not the development value) in production',
    );
  }
  return { secret: e.LEAD_LINK_SECRET, ttlMs: e.LEAD_LINK_TTL };
}
