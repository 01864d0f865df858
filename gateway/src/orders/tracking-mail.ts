import type { Db } from '@qahwa/db';
import { type Mailer, type MailLogger, sendEmailOnce, trackingUrl } from '@qahwa/mail';
import { trackingToken } from './tracking-token';

/**
 * Mails a new tracking link to the order's own address (POST /api/orders/track/link), through
 * the store's one way of sending once (`sendEmailOnce`: the `emails` table's claim, the address's
 * daily budget). At most one per order and hour (the subject id), however often it is asked for.
 * A failed send is logged, never thrown: the shopper was answered already.
 */
export async function mailTrackingLink(
  deps: { db: Db; mailer: Mailer; logger: MailLogger },
  order: { orderId: string; to: string; locale: 'en' | 'ar' },
  link: { storeUrl: string; secret: string; requestId: string; now?: Date },
): Promise<void> {
  const now = link.now ?? new Date();
  try {
    const sent = await sendEmailOnce(deps, {
      purpose: 'order-tracking-link',
      subjectId: `${order.orderId}/${now.toISOString().slice(0, 13)}`,
      to: order.to,
      locale: order.locale,
      requestId: link.requestId,
      template: {
        kind: 'order-tracking-link',
        orderNumber: order.orderId,
        trackingUrl: trackingUrl(
          link.storeUrl,
          trackingToken(order.orderId, link.secret, now.getTime()),
          order.locale,
        ),
      },
    });
    deps.logger.info({ orderId: order.orderId, status: sent.status }, 'tracking link mailed');
  } catch (err) {
    deps.logger.error({ err, orderId: order.orderId }, 'tracking link e-mail failed');
  }
}
