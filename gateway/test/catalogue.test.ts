import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/catalogue/catalogue';
import { etagMatches } from '../src/catalogue/snapshot';

const logger = pino({ level: 'silent' });

/** A load whose calls the test releases one by one. */
function gatedLoad() {
  const waiting: Array<(fail?: Error) => void> = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<[]>((resolve, reject) =>
        waiting.push((fail) => (fail ? reject(fail) : resolve([]))),
      );
    },
    release: async (fail?: Error) => {
      waiting.shift()?.(fail);
      await new Promise((r) => setTimeout(r, 0));
    },
    get calls() {
      return calls;
    },
  };
}

describe('catalogue rebuilds', () => {
  it('runs one build at a time and folds any burst into one more', async () => {
    const gate = gatedLoad();
    const catalogue = createCatalogue({ load: gate.load, logger, refreshIntervalMs: 0 });
    const first = catalogue.refresh();
    const burst = Array.from({ length: 50 }, () => catalogue.refresh());
    expect(gate.calls).toBe(1);
    await gate.release();
    await first;
    // The queued build starts only after the one in flight, so it reads every change announced.
    expect(gate.calls).toBe(2);
    await gate.release();
    await Promise.all(burst);
    expect(gate.calls).toBe(2);
    expect(catalogue.builds).toBe(2);
  });

  it('keeps serving the last good snapshot when a rebuild fails', async () => {
    const gate = gatedLoad();
    const catalogue = createCatalogue({ load: gate.load, logger, refreshIntervalMs: 0 });
    const ok = catalogue.refresh();
    await gate.release();
    await ok;
    const good = catalogue.peek();
    const failing = expect(catalogue.refresh()).rejects.toThrow('database down');
    await gate.release(new Error('database down'));
    await failing;
    expect(catalogue.peek()).toBe(good);
  });

  it('refuses to answer before any build has worked, then recovers on the next read', async () => {
    let fail = true;
    const catalogue = createCatalogue({
      load: async () => {
        if (fail) throw new Error('database down');
        return [];
      },
      logger,
      refreshIntervalMs: 0,
    });
    await expect(catalogue.current()).rejects.toMatchObject({ code: 'CATALOGUE_UNAVAILABLE' });
    fail = false;
    expect((await catalogue.current()).size).toBe(0);
  });

  it('rebuilds on its safety interval without any event', async () => {
    let calls = 0;
    const catalogue = createCatalogue({
      load: async () => {
        calls++;
        return [];
      },
      logger,
      refreshIntervalMs: 20,
    });
    catalogue.start();
    await new Promise((r) => setTimeout(r, 150));
    catalogue.stop();
    expect(calls).toBeGreaterThanOrEqual(4);
  });
});

describe('If-None-Match', () => {
  it('matches *, a listed tag, and a weak form of the tag; nothing else', () => {
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
