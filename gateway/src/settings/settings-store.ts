import type { SettingsSnapshot } from '@qahwa/db';
import { PublicSettings, type StoreSettingsValues } from '@qahwa/schema';
import type { FastifyBaseLogger } from 'fastify';
import { coalescedRefresh } from '../platform/coalesced-refresh';

export interface SettingsStoreOptions {
  /** Reads every section with its version (the settings repository's `read`). */
  load: () => Promise<SettingsSnapshot>;
  logger: Pick<FastifyBaseLogger, 'info' | 'error' | 'debug'>;
  /** Re-read this often even without an event (the catalogue's safety interval); 0 turns it off. */
  refreshIntervalMs: number;
  /** Called after a read whose content differs from the one before (not after the first). */
  onChange?: () => void;
}

/** What the gateway holds: the sections, the public answer's bytes and its ETag. */
export interface SettingsState {
  snapshot: SettingsSnapshot;
  values: StoreSettingsValues;
  /** GET /api/settings, serialised once per change (validated against its contract). */
  publicBytes: string;
  etag: string;
}

/**
 * The store's settings in memory (docs/settings.md), the way the catalogue is held: read
 * once, re-read on every SettingsChanged (platform/follow-event.ts), after a save by this very
 * process, and on the safety interval; coalesced by the one helper; a failed read keeps the
 * previous state. The shipping quote and pay later's range read it without a query.
 */
export function createSettingsStore(options: SettingsStoreOptions) {
  let state: SettingsState | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function build(reason: string): Promise<void> {
    try {
      const snapshot = await options.load();
      const values = Object.fromEntries(
        Object.entries(snapshot).map(([k, v]) => [k, v.value]),
      ) as unknown as StoreSettingsValues;
      const publicBytes = JSON.stringify(PublicSettings.parse(values));
      // The versions identify the content: every save raises its section's version.
      const etag = `"s-${Object.values(snapshot)
        .map((v) => v.version)
        .join('.')}"`;
      const previous = state;
      state = { snapshot, values, publicBytes, etag };
      if (previous && previous.etag !== etag) options.onChange?.();
      options.logger.debug({ reason, etag }, 'settings read');
    } catch (err) {
      options.logger.error({ err, reason }, 'settings read failed; keeping the previous ones');
      throw err;
    }
  }

  const refresh = coalescedRefresh(build);

  return {
    /** The current settings, reading them first if need be (an error when the database cannot be read). */
    async current(): Promise<SettingsState> {
      if (state) return state;
      await refresh('first read');
      return state as unknown as SettingsState;
    },
    refresh,
    start(): void {
      refresh('start').catch(() => {});
      if (options.refreshIntervalMs > 0 && !timer) {
        timer = setInterval(() => refresh('interval').catch(() => {}), options.refreshIntervalMs);
        timer.unref();
      }
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
