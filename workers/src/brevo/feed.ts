import type { JetStreamClient } from '@nats-io/jetstream';
import {
  createMarketingRepository,
  type Db,
  inArray,
  type MarketingPayload,
  type MarketingSource,
  tables,
} from '@qahwa/db';
import {
  LeadConverted,
  LeadQualified,
  NewsletterSubscribed,
  NewsletterUnsubscribed,
  OrderPlaced,
  STREAM_NAME,
} from '@qahwa/schema';
import type { BrevoSettings } from '@qahwa/schema/config';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';
import { customerContact, leadContact, subscriberContact, unsubscribedContact } from './contacts';

export interface BrevoFeedOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  listIds: BrevoSettings['listIds'];
  stream?: string;
  /** Durable consumer name; also the `consumer` of processed_events. */
  durable?: string;
  subjectPrefix?: string;
}

const parse = <T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  raw: unknown,
) => {
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new InvalidEventError(`${(raw as { type?: string }).type} does not match its contract`);
  return r.data;
};

/**
 * How events are grouped: the sync runs on its own poll anyway, so a contact owed a quarter of a
 * second later changes nothing, and a burst of orders costs two statements a group.
 */
export const FEED_BATCH = { max: 200, lingerMs: 250 } as const;

/**
 * Turns the events that make someone a marketing contact into marketing_sync rows: newsletter
 * signups once confirmed and unsubscriptions (subscriber), qualified and converted leads (lead), orders (customer). It only writes
 * what is owed; the sync (sync.ts) sends it. A redelivered event is a no-op (processed-event
 * guard in the same transaction as the row).
 */
export function createBrevoFeed(options: BrevoFeedOptions): DurableConsumer {
  const marketing = createMarketingRepository(options.db);
  const durable = options.durable ?? 'brevo-feed';
  const db = options.db;

  /** The contacts a group of events makes, in their order; the orders' customers read at once. */
  async function contactsOf(
    raws: unknown[],
  ): Promise<Array<[string, MarketingSource, MarketingPayload] | null>> {
    const typeOf = (raw: unknown) =>
      typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const orders = new Map<unknown, OrderPlaced>();
    for (const raw of raws) if (typeOf(raw) === 'OrderPlaced') orders.set(raw, parse(OrderPlaced, raw));
    const customerIds = [...new Set([...orders.values()].map((e) => e.data.customerId))];
    const customers = new Map(
      customerIds.length === 0
        ? []
        : (
            await db
              .select({
                id: tables.customers.id,
                email: tables.customers.email,
                fullName: tables.customers.fullName,
              })
              .from(tables.customers)
              .where(inArray(tables.customers.id, customerIds))
          ).map((c) => [c.id, c]),
    );
    return raws.map((raw): [string, MarketingSource, MarketingPayload] | null => {
      const id = (raw as { id: string }).id;
      switch (typeOf(raw)) {
        // Published on the confirmation link's click only: an unconfirmed signup never reaches Brevo.
        case 'NewsletterSubscribed': {
          const e = parse(NewsletterSubscribed, raw);
          return [id, 'subscriber', subscriberContact(options.listIds, e.data)];
        }
        case 'NewsletterUnsubscribed': {
          const e = parse(NewsletterUnsubscribed, raw);
          return [id, 'subscriber', unsubscribedContact(e.data)];
        }
        case 'LeadQualified': {
          const e = parse(LeadQualified, raw);
          return [
            id,
            'lead',
            leadContact(options.listIds, {
              email: e.data.email,
              status: 'QUALIFIED',
              valueFils: e.data.cartValueFils,
              preferredPayment: e.data.preferredPayment,
            }),
          ];
        }
        case 'LeadConverted': {
          const e = parse(LeadConverted, raw);
          return [
            id,
            'lead',
            leadContact(options.listIds, {
              email: e.data.email,
              status: 'CONVERTED',
              valueFils: e.data.valueFils,
            }),
          ];
        }
        case 'OrderPlaced': {
          const e = orders.get(raw)!;
          const customer = customers.get(e.data.customerId);
          // The order and its customer commit before the event is published: missing means broken data.
          if (!customer)
            throw new InvalidEventError(`OrderPlaced ${e.id}: customer ${e.data.customerId} not found`);
          return [
            id,
            'customer',
            customerContact(options.listIds, {
              email: customer.email,
              fullName: customer.fullName,
              orderId: e.data.orderId,
              totalFils: e.data.totalFils,
              placedAt: e.data.placedAt,
            }),
          ];
        }
        default:
          return null;
      }
    });
  }

  return createDurableConsumer({
    ...options,
    logger: options.logger.child({ component: 'brevo-feed' }),
    stream: options.stream ?? STREAM_NAME,
    durable,
    // One consumer over the whole stream, events it does not keep acked at once: cheaper to run
    // than one durable per subject, and the order of a contact's events is kept — one message at a
    // time, or a LeadQualified handled after the LeadConverted that followed it would win (seen in CI).
    filterSubject: `${options.subjectPrefix ?? ''}commerce.>`,
    // Groups (durable-consumer.ts, BatchOptions) are applied one at a time, in stream order.
    batch: {
      ...FEED_BATCH,
      async handle(ms, log) {
        const contacts = (await contactsOf(ms.map((m) => messageJson(m)))).filter((c) => c !== null);
        if (contacts.length === 0) return;
        const applied = await db.transaction((tx) =>
          marketing.enqueueAll(
            durable,
            contacts.map(([eventId, source, payload]) => ({ eventId, source, payload })),
            tx,
          ),
        );
        // No e-mail address in the log: the event id and the source say enough.
        for (const [eventId, source] of contacts)
          log.debug({ eventId, source, applied: applied.has(eventId) }, 'marketing contact owed');
      },
    },
  });
}
