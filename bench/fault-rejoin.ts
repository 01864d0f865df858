/**
 * How long each part the fault run hit took to come back (bench/fault-probes.ts asks the
 * cluster), timed from the start of the command that started it again; and HAProxy's own 503
 * with no gateway up, checked by setting both gateways to maintenance for a moment.
 */
import { readFileSync } from 'node:fs';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { DbHandle } from '@qahwa/db';
import { ErrorBody, type Locale } from '@qahwa/schema';
import type { Connection } from '@temporalio/client';
import { REQUEST_MESSAGES } from '../gateway/src/i18n/request-messages';
import type { CheckResult } from './fault-checks';
import {
  CLUSTER,
  gatewayStates,
  haproxyCommand,
  natsCurrent,
  standbyStreaming,
  streamLeader,
  temporalPolling,
  until,
  workerReady,
} from './fault-probes';
import { cluster, type Done } from './fault-schedule';

export interface Rejoin {
  part: string;
  what: string;
  /** When the timing began (the command's start), ms from the load's start. */
  atMs: number;
  /** How long until the part was back, or null when it was not within the bound. */
  ms: number | null;
}

const STREAM = process.env.EVENTS_STREAM || 'COMMERCE';

/** The probe a finished step starts, or null when the step needs none (stopping the standby). */
export function rejoinProbe(
  done: Done,
  ctx: { jsm: JetStreamManager; temporal: Connection; leader: string | null },
): Promise<Rejoin> | null {
  const { name } = done;
  const index = Number(name.split('-').pop());
  const timed = async (what: string, probe: () => Promise<boolean>, boundMs: number): Promise<Rejoin> => {
    const ms = await until(probe, boundMs);
    // The command's own time counts: a restart's clock starts when it was asked for.
    return {
      part: name,
      what,
      atMs: done.startedMs,
      ms: ms === null ? null : ms + done.endedMs - done.startedMs,
    };
  };
  if (done.error) return null;
  if (done.command === 'kill') {
    if (name.startsWith('gateway-'))
      return timed('HAProxy marks it down', async () => (await gatewayStates())[name] !== 'UP', 10_000);
    const server = `qahwa-${name}`;
    if (name.startsWith('nats-') && ctx.leader === server)
      return timed(
        `${STREAM} elects another leader (it led)`,
        async () => {
          const now = await streamLeader(ctx.jsm, STREAM);
          return now !== null && now !== server;
        },
        60_000,
      );
    return null;
  }
  if (done.command !== 'restart') return null;
  if (name.startsWith('nats-'))
    return timed(
      'back in the cluster, current in every replicated stream',
      () => natsCurrent(ctx.jsm, `qahwa-${name}`),
      120_000,
    );
  if (name.startsWith('gateway-'))
    return timed('UP in HAProxy again', async () => (await gatewayStates())[name] === 'UP', 180_000);
  if (name.startsWith('workers-'))
    return timed('ready again: its consumers started', () => workerReady(index), 120_000);
  if (name.startsWith('workflows-')) {
    const pid = Number(readFileSync(`${CLUSTER.pids}/${name}.pid`, 'utf8').trim());
    return timed('polling the checkout task queue again', () => temporalPolling(ctx.temporal, pid), 120_000);
  }
  return null;
}

/** Starts the standby the run stopped and times it to streaming from the primary again. */
export async function standbyRejoin(primary: DbHandle, atMs: number): Promise<Rejoin> {
  const began = performance.now();
  const part = 'pg-standby';
  try {
    await cluster('restart', part);
  } catch (err) {
    console.log(`restart ${part} FAILED: ${(err as Error).message}`);
    return { part, what: 'streaming from the primary again', atMs, ms: null };
  }
  const ms = await until(async () => (await standbyStreaming(primary)).streaming, 120_000);
  return {
    part,
    what: 'streaming from the primary again',
    atMs,
    ms: ms === null ? null : Math.round(performance.now() - began),
  };
}

/**
 * Both gateways in maintenance (HAProxy's runtime API), so HAProxy itself must answer: a 503
 * whose body is the gateways' one error body, in the language asked for. Then both back.
 */
export async function balancerUnavailable(): Promise<CheckResult[]> {
  const gateways = ['gateway-1', 'gateway-2'];
  const results: CheckResult[] = [];
  try {
    for (const g of gateways) await haproxyCommand(`set server gateways/${g} state maint`);
    for (const [locale, language] of [
      ['en', 'en-GB,en;q=0.9'],
      ['ar', 'ar-AE,ar;q=0.9,en;q=0.5'],
    ] as Array<[Locale, string]>) {
      const res = await fetch(`${CLUSTER.balancer}/api/products`, {
        headers: { 'accept-language': language },
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {}
      const parsed = ErrorBody.strict().safeParse(body);
      const ok =
        res.status === 503 &&
        (res.headers.get('content-type') ?? '').startsWith('application/json') &&
        parsed.success &&
        parsed.data.code === 'UNAVAILABLE' &&
        parsed.data.error === REQUEST_MESSAGES.shuttingDown[locale];
      results.push({
        what: `no gateway up: HAProxy's 503 is the gateways' JSON error body (${locale})`,
        ok,
        detail: `${res.status} ${res.headers.get('content-type')} ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
      });
    }
  } catch (err) {
    results.push({ what: "HAProxy's runtime API answered", ok: false, detail: (err as Error).message });
  } finally {
    for (const g of gateways) await haproxyCommand(`set server gateways/${g} state ready`).catch(() => '');
  }
  const back = await until(async () => {
    const s = await gatewayStates();
    return gateways.every((g) => s[g] === 'UP');
  }, 60_000);
  results.push({
    what: 'both gateways UP again after the maintenance',
    ok: back !== null,
    detail: `after ${back} ms`,
  });
  return results;
}
