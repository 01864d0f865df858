import type { JetStreamClient } from '@nats-io/jetstream';
import { createBackInStockRepository, type Db, type DueAlert } from '@qahwa/db';
import { type Mailer, sendEmailOnce } from '@qahwa/mail';
import { CatalogueChanged, STREAM_NAME, subjectOf } from '@qahwa/schema';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';

export interface BackInStockConsumerOptions
  extends Pick<DurableConsumerOptions, 'maxAckPending' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'> {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  mailer: Mailer;
  /** The storefront's origin: the product's link in the e-mail. */
  storeUrl: string;
  stream?: string;
  /** The durable's name (tests keep theirs apart); defaults to `mail-back-in-stock`. */
  durable?: string;
  subjectPrefix?: string;
  /** sendEmailOnce's claim lease (tests shorten it). */
  claimLeaseMs?: number;
}

/**
 * The changes after which a waiting variation may be on sale again: its stock (staff's edit, a
 * cancelled order's or a return's units back, a card checkout's hold given back), the variation
 * (made active again) or the product (shown again). Prices, promotions, reviews, categories and
 * the site's content never bring stock back.
 */
const MAY_BRING_STOCK_BACK = new Set<CatalogueChanged['data']['reason']>(['stock', 'variation', 'product']);

/** A picture's address as a mail client needs it: absolute. */
const absolute = (url: string | null, origin: string) =>
  url
    ? /^https?:\/\//.test(url)
      ? url
      : `${origin.replace(/\/$/, '')}/${url.replace(/^\//, '')}`
    : undefined;

function alertOf(a: DueAlert, storeUrl: string) {
  const l = a.locale;
  const variation = [a.size[l], a.type?.[l], a.beans?.[l]].filter(Boolean).join(' · ');
  const imageUrl = absolute(a.imageUrl, storeUrl);
  return {
    name: l === 'ar' ? a.nameAr || a.name : a.name,
    ...(variation ? { variation } : {}),
    // The page opens in the mail's language (the storefront saves it from `?lang=`).
    productUrl: `${storeUrl.replace(/\/$/, '')}/product/${encodeURIComponent(a.slug)}?lang=${l}`,
    ...(imageUrl ? { imageUrl } : {}),
    storeUrl,
  };
}

/**
 * Back-in-stock alerts (docs/back-in-stock.md): on every CatalogueChanged that may bring stock
 * back, each shopper waiting for a variation of those products that is on sale again gets one
 * e-mail in their language, and their request is closed. The oldest request first, and the
 * stock read again before each mail: a variation that sells out while its list is mailed leaves
 * the rest waiting for its next return. Once per request through sendEmailOnce (purpose
 * `back-in-stock`, subject the request's id): a redelivered event, a crash between the mail and
 * the close, or two events at once mail nobody twice. The address's daily budget applies
 * (a shopper-class mail); a suppressed alert is closed as such. Logs name requests by id only.
 */
export function createBackInStockConsumer(options: BackInStockConsumerOptions): DurableConsumer {
  const { db, mailer, storeUrl } = options;
  const alerts = createBackInStockRepository(db);
  const logger = options.logger.child({ consumer: 'back-in-stock' });
  const deps = {
    db,
    mailer,
    logger,
    ...(options.claimLeaseMs ? { claimLeaseMs: options.claimLeaseMs } : {}),
  };

  async function mailDue(event: CatalogueChanged, log: Logger, working: () => void) {
    const productIds = event.data.productIds;
    let sent = 0;
    for (;;) {
      const [due] = await alerts.due(productIds, 1);
      if (!due) break;
      const result = await sendEmailOnce(deps, {
        purpose: 'back-in-stock',
        subjectId: due.id,
        to: due.email,
        locale: due.locale,
        template: { kind: 'back-in-stock', alert: alertOf(due, storeUrl) },
        ...(event.requestId ? { requestId: event.requestId } : {}),
      });
      await alerts.close(due.id, result.status === 'suppressed' ? 'suppressed' : 'notified');
      log.info(
        { alertId: due.id, productId: due.productId, variationId: due.variationId, mail: result.status },
        'back-in-stock alert',
      );
      sent += 1;
      // A long list keeps the message ours while it is mailed.
      working();
    }
    if (sent > 0) log.info({ alerts: sent }, 'back-in-stock alerts closed');
  }

  return createDurableConsumer({
    ...options,
    logger,
    // One at a time: two events for one product would only race for the same requests.
    concurrency: 1,
    stream: options.stream ?? STREAM_NAME,
    durable: options.durable ?? 'mail-back-in-stock',
    filterSubject: `${options.subjectPrefix ?? ''}${subjectOf('CatalogueChanged')}`,
    async handle(m, log) {
      const parsed = CatalogueChanged.safeParse(messageJson(m));
      if (!parsed.success) throw new InvalidEventError('CatalogueChanged does not match its contract');
      if (!MAY_BRING_STOCK_BACK.has(parsed.data.data.reason)) return;
      await mailDue(parsed.data, log, () => m.working());
    },
  });
}
