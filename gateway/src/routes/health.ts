import { pingDb } from '@qahwa/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface HealthProbe {
  name: string;
  check(): Promise<void>;
}

const Status = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
const HealthResponse = z
  .object({ ok: z.boolean(), services: z.record(z.string(), Status) })
  .meta({ id: 'HealthResponse' });

async function timed(check: () => Promise<unknown>) {
  const start = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2000 ms')), 2000)),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - start) };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - start), error: (err as Error).message };
  }
}

/** GET /health reports each dependency; 503 when any is down, so a load balancer can tell. */
export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_req, reply) => {
        const { db, temporal, probes = [] } = app.deps;
        const checks: [string, () => Promise<unknown>][] = [
          ['postgres', () => pingDb(db)],
          ['temporal', () => temporal.workflowService.getSystemInfo({})],
          ...probes.map((p): [string, () => Promise<unknown>] => [p.name, () => p.check()]),
        ];
        const results = await Promise.all(checks.map(async ([name, fn]) => [name, await timed(fn)] as const));
        const services = Object.fromEntries(results);
        const ok = results.every(([, r]) => r.ok);
        return reply.code(ok ? 200 : 503).send({ ok, services });
      },
    );
}
