import { pingDb } from '@qahwa/db';
import {
  checkReadiness,
  DEPENDENCY_CHECK_TIMEOUT_MS,
  type DependencyProbe,
  LivenessReport,
  ReadinessReport,
} from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A dependency the readiness check asks (NATS is probed by the server that owns the connection). */
export type HealthProbe = DependencyProbe;

/**
 * GET /health/live: the process answers (restart it if not). GET /health/ready: what it needs
 * answers. Postgres down → 503 `down` (nothing can be served); Temporal down → 200 `degraded`
 * (checkout refused, the catalogue still served); NATS down → 200 `degraded` (orders are still
 * taken, their events wait in the outbox). `/health` is the readiness report under its old name,
 * for the scripts and bookmarks that know it. docs/operations.md has the details.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const started = Date.now();

  // Probes give up after 2 s each and run at once: 5 s is ample, and a health check must not hang.
  const handlerTimeout = 5_000;

  r.get('/health/live', { handlerTimeout, schema: { response: { 200: LivenessReport } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor((Date.now() - started) / 1000),
  }));

  const ready = async () => {
    const { db, probeDb, temporal, probes = [] } = app.deps;
    const all: HealthProbe[] = [
      // On its own connection (server.ts): a pool busy with orders is load, not an outage.
      { name: 'postgres', critical: true, affects: 'all', check: () => pingDb(probeDb ?? db) },
      {
        name: 'temporal',
        affects: 'checkout',
        // A gRPC deadline inside the probe's own 2 s: without it the SDK goes on retrying an
        // unreachable server after the probe gave up, and a retry timer firing once the
        // connection is closed (a gateway shutting down) throws "Channel has been shut down".
        check: () =>
          temporal.connection.withDeadline(Date.now() + DEPENDENCY_CHECK_TIMEOUT_MS - 500, () =>
            temporal.workflowService.getSystemInfo({}),
          ),
      },
      ...probes,
    ];
    return checkReadiness(all);
  };

  for (const url of ['/health/ready', '/health']) {
    r.get(
      url,
      {
        handlerTimeout,
        schema: { hide: url === '/health', response: { 200: ReadinessReport, 503: ReadinessReport } },
      },
      async (_req, reply) => {
        const report = await ready();
        return reply.code(report.status === 'down' ? 503 : 200).send(report);
      },
    );
  }
}
