import { loadOrderEmail } from './order-data';
import { type SendOnceDeps, type SendOnceResult, sendEmailOnce } from './send-once';

/**
 * THE order confirmation, for every way an order is made (docs/email.md): the content comes from
 * the database and the send is idempotent by (order-confirmation, order id), so a retry, a
 * redelivered event or a second caller never mails the shopper twice. Cash on delivery sends it
 * from the workers' mail consumer on OrderPlaced; card and pay later from their workflow's
 * activity. Null when the order does not exist.
 */
export async function sendOrderConfirmation(
  deps: SendOnceDeps & { storeUrl?: string | undefined; linkSecret?: string | undefined },
  orderId: string,
): Promise<SendOnceResult | null> {
  const { storeUrl, linkSecret, ...sendDeps } = deps;
  const found = await loadOrderEmail(deps.db, orderId, storeUrl, linkSecret);
  if (!found) return null;
  return sendEmailOnce(sendDeps, {
    purpose: 'order-confirmation',
    subjectId: orderId,
    to: found.to,
    locale: found.locale,
    template: { kind: 'order-confirmation', order: found.order },
    ...(found.requestId ? { requestId: found.requestId } : {}),
  });
}
