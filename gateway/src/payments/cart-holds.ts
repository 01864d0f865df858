import { createStockRepository, type Db } from '@qahwa/db';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A cart paid another way — cash on delivery placed, a pay-later session asked for — gives back
 * the stock its card intent held (docs/payments.md "Stock held for a card payment"): the payment
 * step shows the card form first, and its intent holds the bags, so without this a shopper who
 * then chose cash or Tabby for the last bags was refused them by their own hold. Nothing without
 * the cart's key (`checkoutKey`), and nothing of other carts.
 */
export async function releaseCardHoldsOfCart(
  db: Db,
  checkoutKey: string | undefined,
  requestId: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!checkoutKey) return;
  const back = await db.transaction((tx) =>
    createStockRepository(tx).releaseHoldsOfCart(checkoutKey, requestId, tx),
  );
  if (back.length > 0) log.info({ lines: back.length }, "the cart's card hold given back: paid another way");
}
