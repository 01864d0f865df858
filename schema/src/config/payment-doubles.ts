import { z } from 'zod';
import { ConfigError, type RunMode } from './env';

/**
 * `ALLOW_PAYMENT_DOUBLES=1`: a production build may take "payments" that take no money (a test
 * key, the Stripe double or stripe-mock, the Tabby fake), for a demo or a try-out. Without it,
 * production refuses them: a store that accepted them would hand out goods for nothing. With it,
 * every page of both apps says so (GET /api/payments/mode, docs/security.md).
 */
export const AllowPaymentDoublesEnv = {
  ALLOW_PAYMENT_DOUBLES: z
    .enum(['', '0', '1'], { error: 'ALLOW_PAYMENT_DOUBLES is 1 (allowed) or 0/empty (refused)' })
    .default('')
    .transform((v) => v === '1'),
};

/**
 * Production's refusal of a provider that takes no money (`testReasons`: what makes it so), unless
 * doubles are allowed. Development and test take doubles as a matter of course.
 */
export function refuseTestPayments(
  provider: 'Stripe' | 'Tabby',
  testReasons: string[],
  mode: RunMode,
  allowDoubles: boolean,
): void {
  if (mode !== 'production' || allowDoubles || testReasons.length === 0) return;
  throw new ConfigError(
    `Refusing to start in production with ${provider} in test mode (no money is taken): ${testReasons.join('; ')}. ` +
      'Set the live keys, or ALLOW_PAYMENT_DOUBLES=1 for a demo (every page then says no money is taken).',
  );
}
