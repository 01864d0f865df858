import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelay, retryingFetch } from '../fault-client';
import { countWindows, longestGap, percentileWindows } from '../fault-report';
import { runSchedule, scheduleOf, victimsOf } from '../fault-schedule';

describe('the fault run’s schedule', () => {
  it('hits the issue’s parts in the issue’s order: NATS, a gateway, a worker of each kind, the standby', () => {
    const full = scheduleOf('full', victimsOf(0));
    expect(full).toMatchObject({ seconds: 60, codRate: 50, cardRate: 5 });
    expect(full.steps.map((s) => `${s.atS} ${s.command} ${s.name}`)).toEqual([
      '15 kill nats-1',
      '25 restart nats-1',
      '30 kill gateway-1',
      '35 restart gateway-1',
      '40 kill workers-1',
      '40 kill workflows-1',
      '45 restart workers-1',
      '45 restart workflows-1',
      '50 stop pg-standby',
    ]);
    const short = scheduleOf('short', victimsOf(0));
    expect(short.seconds).toBeLessThanOrEqual(25);
    expect(short.codRate).toBeLessThan(full.codRate);
    expect(short.steps.map((s) => `${s.command} ${s.name}`)).toEqual(
      full.steps.map((s) => `${s.command} ${s.name}`),
    );
    expect(short.steps.every((s) => s.atS < short.seconds)).toBe(true);
  });

  it('lets the seed pick every victim: each server and worker is hit by some seed, the same seed picks the same', () => {
    const picks = Array.from({ length: 24 }, (_, s) => victimsOf(s));
    expect(new Set(picks.map((v) => v.nats))).toEqual(new Set([1, 2, 3]));
    for (const k of ['gateway', 'workers', 'workflows'] as const)
      expect(new Set(picks.map((v) => v[k]))).toEqual(new Set([1, 2]));
    expect(victimsOf(12345)).toEqual(victimsOf(12345));
  });

  it('runs each step at its second and reports a command that failed without stopping the rest', async () => {
    const t0 = performance.now();
    const ran: string[] = [];
    const done = await runSchedule(
      [
        { atS: 0.05, command: 'kill', name: 'gateway-1' },
        { atS: 0.1, command: 'restart', name: 'gateway-1' },
      ],
      t0,
      () => {},
      async (command, name) => {
        ran.push(`${command} ${name}`);
        if (command === 'kill') throw new Error('not running');
      },
    );
    expect(ran).toEqual(['kill gateway-1', 'restart gateway-1']);
    expect(done[0]).toMatchObject({ name: 'gateway-1', command: 'kill', error: 'not running' });
    expect(done[1]!.error).toBeUndefined();
    expect(done[1]!.startedMs).toBeGreaterThanOrEqual(95);
  });
});

describe('the fault run’s figures', () => {
  it('gives p50, p95 and p99 per 5 s window, an empty window included', () => {
    const requests = [
      ...Array.from({ length: 100 }, (_, i) => ({ atMs: i * 10, ms: i + 1 })),
      { atMs: 12_000, ms: 7 },
    ];
    const w = percentileWindows(requests, 5, 15);
    expect(w.map((x) => [x.fromS, x.count, x.p50, x.p95, x.p99])).toEqual([
      [0, 100, 50, 95, 99],
      [5, 0, Number.NaN, Number.NaN, Number.NaN],
      [10, 1, 7, 7, 7],
    ]);
  });

  it('counts the failed attempts per window, leaving out those after the run', () => {
    expect(countWindows([0, 4_999, 5_000, 31_000], 5, 15)).toEqual([2, 1, 0]);
  });

  it('finds the longest stretch without an accepted order, a stall at the end included', () => {
    expect(longestGap([1_000, 2_000, 9_000, 9_500], 0, 10_000)).toEqual({
      ms: 7_000,
      fromMs: 2_000,
      toMs: 9_000,
    });
    expect(longestGap([1_000, 2_000], 0, 10_000)).toEqual({ ms: 8_000, fromMs: 2_000, toMs: 10_000 });
    expect(longestGap([], 0, 10_000).ms).toBe(10_000);
  });
});

describe('the fault run’s client', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('sends a failed order again with the same Idempotency-Key and body, and counts the retries and 5xx', async () => {
    const seen: Array<{ key: string | undefined; body: string }> = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, body });
        // The first attempt's socket closes as a killed gateway's does; the second gets a 502.
        if (seen.length === 1) return req.socket.destroy();
        if (seen.length === 2) return res.writeHead(502).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"orderId":"o-1"}');
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = retryingFetch(base, {
      attempts: 4,
      firstDelayMs: 10,
      maxDelayMs: 20,
      attemptTimeoutMs: 5_000,
    });
    const res = await client.fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'idempotency-key': 'k-1', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await res.json()).toEqual({ orderId: 'o-1' });
    expect(seen).toEqual(Array.from({ length: 3 }, () => ({ key: 'k-1', body: '{"a":1}' })));
    expect(client.stats).toMatchObject({ retries: 2, serverErrors: 1, noAnswer: 1, gaveUp: 0 });
    expect(client.stats.acceptedAt).toHaveLength(1);
  });

  it('waits longer before each retry, up to its cap', () => {
    const policy = { attempts: 6, firstDelayMs: 250, maxDelayMs: 1_000, attemptTimeoutMs: 1 };
    expect([1, 2, 3, 4].map((n) => retryDelay(policy, n))).toEqual([250, 500, 1_000, 1_000]);
  });
});
