import type { JetStreamClient } from '@nats-io/jetstream';
import { type Db, eq, tables } from '@qahwa/db';
import {
  confirmUrl,
  type Mailer,
  type MailLocale,
  NEWSLETTER_CONFIRM_TTL_MS,
  sendEmailOnce,
  sendOrderConfirmation,
  signConfirmLink,
  signUnsubscribeLink,
  unsubscribeUrl,
} from '@qahwa/mail';
import {
  ContactReceived,
  NewsletterConfirmationRequested,
  NewsletterSubscribed,
  OrderPlaced,
  STREAM_NAME,
  subjectOf,
} from '@qahwa/schema';
import type { MailSettings } from '@qahwa/schema/config';
import type { Logger } from 'pino';
import {
  consumerGroup,
  createDurableConsumer,
  type DurableConsumer,
  type DurableConsumerOptions,
  InvalidEventError,
  messageJson,
} from '../jetstream';

export interface MailConsumerOptions
  extends Pick<
    DurableConsumerOptions,
    'maxAckPending' | 'concurrency' | 'ackWaitMs' | 'nakDelay' | 'restartBackoff'
  > {
  db: Db;
  js: JetStreamClient;
  logger: Logger;
  mailer: Mailer;
  /** `linkSecret`: LEAD_LINK_SECRET, which signs the newsletter's links and the orders' tracking links. */
  settings: Pick<MailSettings, 'staffNotifyEmail' | 'storeUrl'> & { linkSecret: string };
  stream?: string;
  /** Prefix of the durable names (tests keep theirs apart); defaults to `mail`. */
  durablePrefix?: string;
  subjectPrefix?: string;
  /** sendEmailOnce's claim lease (tests shorten it). */
  claimLeaseMs?: number;
}

type MailEvent = ContactReceived | NewsletterConfirmationRequested | NewsletterSubscribed | OrderPlaced;
const SCHEMAS = {
  ContactReceived,
  NewsletterConfirmationRequested,
  NewsletterSubscribed,
  OrderPlaced,
} as const;

/** The events these consumers act on; null for others on the same subjects. */
export function parseMailEvent(raw: unknown): MailEvent | null {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new InvalidEventError('message is not an event envelope (no type)');
  const schema = SCHEMAS[type as keyof typeof SCHEMAS];
  if (!schema) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidEventError(`${type} does not match its contract`);
  return parsed.data as MailEvent;
}

const localeOf = (l: string | null | undefined): MailLocale => (l === 'ar' ? 'ar' : 'en');

/**
 * How late an order's confirmation may still go out: the same three days a workflow's
 * confirmation is retried for. Older OrderPlaced events (a new consumer reading the stream from
 * its start, a redrive months later) are acknowledged without mail: "thank you for your order"
 * a week after the delivery is noise.
 */
export const ORDER_CONFIRMATION_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The shopper-facing mail of the engagement events (docs/email.md): ContactReceived →
 * an acknowledgement to the shopper in their language and a notification to the store's inbox
 * (reply-to the shopper), which repeats nothing the sender typed; NewsletterConfirmationRequested →
 * the double opt-in's confirmation link, to a subscriber still pending, at most once an hour;
 * NewsletterSubscribed (after the click) → a welcome with the one-click unsubscribe; OrderPlaced of a cash-on-delivery
 * order → its confirmation (such an order is made in the gateway's request, without a workflow:
 * docs/checkout.md; card and pay-later orders are confirmed by their workflow). Content is read from the database by
 * the event's id. Idempotent through sendEmailOnce, keyed by the contact message or subscriber
 * id: a redelivered event (or one delivered three times) mails each recipient once; a failure
 * after the first of two mails naks, and the redelivery sends only the missing one. Logs name
 * messages and subscribers by id, never by address.
 */
export function createMailConsumers(options: MailConsumerOptions): DurableConsumer {
  const { db, mailer } = options;
  const prefix = options.subjectPrefix ?? '';
  const durablePrefix = options.durablePrefix ?? 'mail';
  const logger = options.logger.child({ consumer: 'mail' });
  const deps = {
    db,
    mailer,
    logger,
    ...(options.claimLeaseMs ? { claimLeaseMs: options.claimLeaseMs } : {}),
  };

  async function onContact(event: ContactReceived, log: Logger) {
    const [contact] = await db
      .select()
      .from(tables.contactMessages)
      .where(eq(tables.contactMessages.id, event.data.contactId));
    if (!contact) throw new InvalidEventError(`contact message ${event.data.contactId} does not exist`);
    const requestId = event.requestId;
    const locale = localeOf(contact.locale ?? event.data.locale);
    // The address is unverified: the acknowledgement says nothing the sender typed (docs/email.md).
    const ack = await sendEmailOnce(deps, {
      purpose: 'contact-ack',
      subjectId: contact.id,
      to: contact.email,
      locale,
      template: { kind: 'contact-ack', subject: contact.subject },
      ...(requestId ? { requestId } : {}),
    });
    // The store's team reads English in the back office; a reply goes straight to the shopper.
    const staff = await sendEmailOnce(deps, {
      purpose: 'contact-staff',
      subjectId: contact.id,
      to: options.settings.staffNotifyEmail,
      locale: 'en',
      replyTo: contact.email,
      template: {
        kind: 'contact-staff',
        contact: {
          name: contact.fullName,
          email: contact.email,
          ...(contact.phone ? { phone: contact.phone } : {}),
          subject: contact.subject,
          message: contact.message,
          receivedAt: contact.createdAt.toISOString(),
        },
      },
      ...(requestId ? { requestId } : {}),
    });
    log.info({ contactId: contact.id, ack: ack.status, staff: staff.status }, 'contact mails');
  }

  const subscriberOf = async (id: string) => {
    const [subscriber] = await db
      .select()
      .from(tables.newsletterSubscribers)
      .where(eq(tables.newsletterSubscribers.id, id));
    if (!subscriber) throw new InvalidEventError(`subscriber ${id} does not exist`);
    return subscriber;
  };

  /**
   * The double opt-in's question, only to an address still pending (a confirmed or unsubscribed
   * one gets nothing: the signup's answer was the same for all). One mail per subscriber and hour
   * (the subject id), however often the form is sent; the address's daily budget on top.
   */
  async function onConfirmationRequested(event: NewsletterConfirmationRequested, log: Logger) {
    const subscriber = await subscriberOf(event.data.subscriberId);
    if (subscriber.status !== 'pending') {
      log.info({ subscriberId: subscriber.id, status: subscriber.status }, 'no confirmation needed');
      return;
    }
    if (Date.now() - Date.parse(event.occurredAt) > NEWSLETTER_CONFIRM_TTL_MS) {
      log.warn(
        { subscriberId: subscriber.id },
        'confirmation skipped: the signup is older than its link would live',
      );
      return;
    }
    const token = signConfirmLink(subscriber.id, options.settings.linkSecret);
    const sent = await sendEmailOnce(deps, {
      purpose: 'newsletter-confirm',
      subjectId: `${subscriber.id}/${event.occurredAt.slice(0, 13)}`,
      to: subscriber.email,
      locale: localeOf(subscriber.locale ?? event.data.locale),
      template: {
        kind: 'newsletter-confirm',
        email: subscriber.email,
        confirmUrl: confirmUrl(options.settings.storeUrl, token),
      },
      ...(event.requestId ? { requestId: event.requestId } : {}),
    });
    log.info({ subscriberId: subscriber.id, confirmation: sent.status }, 'newsletter confirmation');
  }

  async function onSubscribed(event: NewsletterSubscribed, log: Logger) {
    const subscriber = await subscriberOf(event.data.subscriberId);
    // Only a confirmed subscriber is welcomed (one who unsubscribed since gets nothing).
    if (subscriber.status !== 'confirmed') {
      log.info({ subscriberId: subscriber.id, status: subscriber.status }, 'no welcome: not subscribed');
      return;
    }
    const unsubscribe = unsubscribeUrl(
      options.settings.storeUrl,
      signUnsubscribeLink({ kind: 'subscriber', id: subscriber.id }, options.settings.linkSecret),
    );
    const welcome = await sendEmailOnce(deps, {
      purpose: 'newsletter-welcome',
      subjectId: subscriber.id,
      to: subscriber.email,
      locale: localeOf(subscriber.locale ?? event.data.locale),
      template: {
        kind: 'newsletter-welcome',
        email: subscriber.email,
        storeUrl: options.settings.storeUrl,
        unsubscribeUrl: unsubscribe,
      },
      listUnsubscribe: unsubscribe,
      ...(event.requestId ? { requestId: event.requestId } : {}),
    });
    log.info({ subscriberId: subscriber.id, welcome: welcome.status }, 'newsletter welcome');
  }

  async function onOrderPlaced(event: OrderPlaced, log: Logger) {
    // Cash on delivery and card orders are made in the gateway's request; pay later's workflow
    // confirms its own (docs/email.md). A card order its workflow made is confirmed there too:
    // the confirmation is once per order whoever sends it.
    if (event.data.paymentProvider === 'TABBY') return;
    if (Date.now() - Date.parse(event.data.placedAt) > ORDER_CONFIRMATION_WINDOW_MS) {
      log.warn(
        { orderId: event.data.orderId },
        'order confirmation skipped: placed more than three days ago',
      );
      return;
    }
    const sent = await sendOrderConfirmation(
      { ...deps, storeUrl: options.settings.storeUrl, linkSecret: options.settings.linkSecret },
      event.data.orderId,
    );
    if (!sent) throw new InvalidEventError(`order ${event.data.orderId} does not exist`);
    log.info({ orderId: event.data.orderId, confirmation: sent.status }, 'order confirmation');
  }

  const consumers = [
    ['contact', `${prefix}commerce.contact.>`],
    ['newsletter', `${prefix}commerce.newsletter.>`],
    ['order-placed', `${prefix}${subjectOf('OrderPlaced')}`],
  ].map(([name, filterSubject]) =>
    createDurableConsumer({
      ...options,
      logger,
      stream: options.stream ?? STREAM_NAME,
      durable: `${durablePrefix}-${name}`,
      filterSubject: filterSubject as string,
      async handle(m, log) {
        const event = parseMailEvent(messageJson(m));
        if (event?.type === 'ContactReceived') await onContact(event, log);
        else if (event?.type === 'NewsletterConfirmationRequested') await onConfirmationRequested(event, log);
        else if (event?.type === 'NewsletterSubscribed') await onSubscribed(event, log);
        else if (event?.type === 'OrderPlaced') await onOrderPlaced(event, log);
      },
    }),
  );

  return consumerGroup(consumers);
}
