import { PaymentMode } from '@qahwa/schema/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../auth/access';

/**
 * Whether payments take money (schema/src/contracts/payment-mode.ts), for the banner both apps
 * show on every page while they do not. The gateway's settings are the truth: it is what charges,
 * and it refuses test payments in production unless ALLOW_PAYMENT_DOUBLES=1 (docs/security.md).
 * Public: the banner says the same to everyone. Fixed for the life of the process.
 */
export async function paymentModeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mode: PaymentMode = { testPayments: app.deps.config.testPayments };
  r.get(
    '/api/payments/mode',
    { ...publicRoute(), schema: { response: { 200: PaymentMode } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return mode;
    },
  );
}
