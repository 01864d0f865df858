import type { JetStreamClient } from '@nats-io/jetstream';
import {
  createMarketingRepository,
  type Db,
  eq,
  type MarketingPayload,
  type MarketingSource,
  tables,
} from '@qahwa/db';
import { LeadConverted, LeadQualified, NewsletterSubscribed, OrderPlaced, STREAM_NAME } from '@qahwa/schema';
import type { BrevoSettings } from '@qahwa/schema/config/brevo';
import type { Logger } from 'pino';
import {
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  messageJson,
} from '../durable-consumer';
import { InvalidEventError } from '../errors';
import { customerContact, leadContact, subscriberContact } from './contacts';

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
 * Turns the events that make someone a marketing contact into marketing_sync rows: newsletter
 * signups (subscriber), qualified and converted leads (lead), orders (customer). It only writes
 * what is owed; the sync (sync.ts) sends it. A redelivered event is a no-op (processed-event
 * guard in the same transaction as the row).
 */
export function createBrevoFeed(options: BrevoFeedOptions): DurableConsumer {
  const marketing = createMarketingRepository(options.db);
  const durable = options.durable ?? 'brevo-feed';
  const db = options.db;

  async function contactOf(raw: unknown): Promise<[MarketingSource, MarketingPayload] | null> {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    switch (type) {
      case 'NewsletterSubscribed': {
        const e = parse(NewsletterSubscribed, raw);
        return ['subscriber', subscriberContact(options.listIds, e.data)];
      }
      case 'LeadQualified': {
        const e = parse(LeadQualified, raw);
        return [
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
          'lead',
          leadContact(options.listIds, {
            email: e.data.email,
            status: 'CONVERTED',
            valueFils: e.data.valueFils,
          }),
        ];
      }
      case 'OrderPlaced': {
        const e = parse(OrderPlaced, raw);
        const [customer] = await db
          .select({ email: tables.customers.email, fullName: tables.customers.fullName })
          .from(tables.customers)
          .where(eq(tables.customers.id, e.data.customerId));
        // The order and its customer commit before the event is published: missing means broken data.
        if (!customer)
          throw new InvalidEventError(`OrderPlaced ${e.id}: customer ${e.data.customerId} not found`);
        return [
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
    concurrency: 1,
    async handle(m, log) {
      const raw = messageJson(m);
      const contact = await contactOf(raw);
      if (!contact) return;
      const [source, payload] = contact;
      const eventId = (raw as { id: string }).id;
      const applied = await db.transaction((tx) => marketing.enqueue(tx, durable, eventId, source, payload));
      // No e-mail address in the log: the event id and the source say enough.
      log.debug({ eventId, source, applied }, 'marketing contact owed');
    },
  });
}
