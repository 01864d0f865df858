import { z } from 'zod';

/** GET /health/live: the process answers. Nothing else is asked, so a restart is never caused by a dependency. */
export const LivenessReport = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number().int() })
  .meta({ id: 'LivenessReport' });
export type LivenessReport = z.infer<typeof LivenessReport>;

/** One dependency as the readiness check saw it. */
export const DependencyCheck = z
  .object({
    ok: z.boolean(),
    latencyMs: z.number().int(),
    error: z.string().optional(),
    /** Without it, nothing can be served (the process answers 503). */
    critical: z.boolean(),
    /** What stops or slows down while it is down, e.g. `checkout`, `events`. */
    affects: z.string(),
  })
  .meta({ id: 'DependencyCheck' });
export type DependencyCheck = z.infer<typeof DependencyCheck>;

export const READINESS_STATUSES = ['ok', 'degraded', 'down'] as const;
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

/**
 * GET /health/ready: `ok` when every dependency answers; `degraded` (still 200) when only
 * non-critical ones fail, with the capabilities affected; `down` (503) when a critical one fails.
 */
export const ReadinessReport = z
  .object({
    status: z.enum(READINESS_STATUSES),
    /** Capabilities affected by the failing dependencies, e.g. ["events"] while NATS is down. */
    affected: z.array(z.string()),
    checks: z.record(z.string(), DependencyCheck),
  })
  .meta({ id: 'ReadinessReport' });
export type ReadinessReport = z.infer<typeof ReadinessReport>;

/** A dependency the readiness check asks. */
export interface DependencyProbe {
  name: string;
  check(): Promise<unknown>;
  /** Without it nothing can be served: readiness answers 503. Default false (degraded, still 200). */
  critical?: boolean;
  /** The capability that stops or slows while it is down (`events`, `checkout`); default: the name. */
  affects?: string;
}

/** A check that does not answer within this counts as down: one hung dependency must not hang readiness. */
export const DEPENDENCY_CHECK_TIMEOUT_MS = 2_000;

async function checkDependency(probe: DependencyProbe, timeoutMs: number): Promise<DependencyCheck> {
  const start = performance.now();
  const base = { critical: probe.critical ?? false, affects: probe.affects ?? probe.name };
  const latencyMs = () => Math.round(performance.now() - start);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: latencyMs(), ...base };
  } catch (err) {
    return {
      ok: false,
      latencyMs: latencyMs(),
      error: err instanceof Error ? err.message : String(err),
      ...base,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every dependency at once and answers by the readiness rule. */
export async function checkReadiness(
  probes: DependencyProbe[],
  timeoutMs = DEPENDENCY_CHECK_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const results = await Promise.all(
    probes.map(async (p) => [p.name, await checkDependency(p, timeoutMs)] as const),
  );
  return readinessOf(Object.fromEntries(results));
}

/** The rule both the gateway and the workers answer readiness by. */
export function readinessOf(checks: Record<string, DependencyCheck>): ReadinessReport {
  const failing = Object.values(checks).filter((c) => !c.ok);
  const status: ReadinessStatus = failing.some((c) => c.critical)
    ? 'down'
    : failing.length > 0
      ? 'degraded'
      : 'ok';
  return { status, affected: [...new Set(failing.map((c) => c.affects))].sort(), checks };
}

/** An outbox event the relay gave up on (JetStream refused it too often), as the back office lists it. */
export const DeadLetter = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    type: z.string(),
    requestId: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    deadAt: z.string(),
    payload: z.unknown(),
  })
  .meta({ id: 'DeadLetter' });
export type DeadLetter = z.infer<typeof DeadLetter>;

export const DeadLetterList = z
  .object({ deadLetters: z.array(DeadLetter), total: z.number().int() })
  .meta({ id: 'DeadLetterList' });
export type DeadLetterList = z.infer<typeof DeadLetterList>;

export const DeadLetterListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const DeadLetterIdParams = z.object({ id: z.uuid() });

/** POST /api/admin/dead-letters/:id/redrive: the event is back in the outbox, due now. */
export const RedriveResponse = z.object({ redriven: z.array(z.uuid()) }).meta({ id: 'RedriveResponse' });
export type RedriveResponse = z.infer<typeof RedriveResponse>;
