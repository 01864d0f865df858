import { z } from 'zod';

/**
 * GET /api/payments/mode: whether the store's payments take money. `testPayments` is true when a
 * test key or a provider double is configured (development, the tests, a demo run with
 * ALLOW_PAYMENT_DOUBLES=1): every page of both apps then says "no money is taken".
 */
export const PaymentMode = z
  .object({ testPayments: z.boolean() })
  .meta({ id: 'PaymentMode', description: 'Whether the store takes real money.' });
export type PaymentMode = z.infer<typeof PaymentMode>;
