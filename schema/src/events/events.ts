import { z } from 'zod';
import { CatalogueChanged } from './catalogue-events';
import { CheckoutStarted, PAYMENT_EVENTS } from './checkout-events';
import {
  ContactReceived,
  NewsletterConfirmationRequested,
  NewsletterSubscribed,
  NewsletterUnsubscribed,
  ProductViewed,
  ReviewSubmitted,
} from './engagement-events';
import { CartAbandoned, LeadConverted, LeadQualified } from './lead-events';
import { OrderPlaced, OrderStatusChanged } from './order-events';
import { RefundIssued, ReturnApproved, ReturnRequested } from './return-events';
import { SettingsChanged } from './settings-events';

export * from './catalogue-events';
export * from './checkout-events';
export * from './engagement-events';
export * from './envelope';
export * from './lead-events';
export * from './order-events';
export * from './return-events';
export * from './settings-events';

/** Every domain event of DESIGN.md, told apart by `type`. */
export const DomainEvent = z
  .discriminatedUnion('type', [
    CartAbandoned,
    LeadQualified,
    LeadConverted,
    CheckoutStarted,
    ...Object.values(PAYMENT_EVENTS),
    OrderPlaced,
    OrderStatusChanged,
    ReturnRequested,
    ReturnApproved,
    RefundIssued,
    ProductViewed,
    ReviewSubmitted,
    ContactReceived,
    NewsletterSubscribed,
    NewsletterConfirmationRequested,
    NewsletterUnsubscribed,
    CatalogueChanged,
    SettingsChanged,
  ])
  .meta({ id: 'DomainEvent' });
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** The aggregate of each event: the middle part of its subject. */
const AGGREGATE: Record<DomainEventType, string> = {
  CartAbandoned: 'cart',
  LeadQualified: 'lead',
  LeadConverted: 'lead',
  CheckoutStarted: 'checkout',
  PaymentSucceeded: 'payment',
  PaymentFailed: 'payment',
  PaymentRefunded: 'payment',
  PaymentDisputed: 'payment',
  PaymentResolved: 'payment',
  TabbyApproved: 'payment',
  TabbyRejected: 'payment',
  OrderPlaced: 'order',
  OrderStatusChanged: 'order',
  ReturnRequested: 'return',
  ReturnApproved: 'return',
  RefundIssued: 'return',
  ProductViewed: 'product',
  ReviewSubmitted: 'review',
  ContactReceived: 'contact',
  NewsletterSubscribed: 'newsletter',
  NewsletterConfirmationRequested: 'newsletter',
  NewsletterUnsubscribed: 'newsletter',
  CatalogueChanged: 'catalogue',
  SettingsChanged: 'settings',
};

export const DOMAIN_EVENT_TYPES = Object.keys(AGGREGATE) as DomainEventType[];

const snake = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * The events that are pure counters: losing one costs one count in a report, nothing a shopper
 * or the books would notice. They travel in the analytics stream, kept by one server, instead of
 * the commerce stream's replicas (docs/deploy.md "Event stream replicas").
 */
export const ANALYTICS_EVENT_TYPES: readonly DomainEventType[] = ['ProductViewed'];

/**
 * `<root>.<aggregate>.<event>`: `commerce.order.order_placed`, or `analytics.product.product_viewed`
 * for an analytics event. The root says the stream.
 */
export function subjectOf(type: DomainEventType): string {
  const root = ANALYTICS_EVENT_TYPES.includes(type) ? 'analytics' : 'commerce';
  return `${root}.${AGGREGATE[type]}.${snake(type)}`;
}

/** Every subject, by event type: for publishers and for consumers' filter subjects. */
export const EVENT_SUBJECTS = Object.fromEntries(DOMAIN_EVENT_TYPES.map((t) => [t, subjectOf(t)])) as Record<
  DomainEventType,
  string
>;

/** The commerce stream: every event but the analytics ones, at EVENTS_STREAM_REPLICAS. */
export const STREAM_NAME = 'COMMERCE';
export const STREAM_SUBJECTS = ['commerce.>'];
/** The analytics stream: the counters (ANALYTICS_EVENT_TYPES), always at one replica. */
export const ANALYTICS_STREAM_NAME = 'ANALYTICS';
export const ANALYTICS_STREAM_SUBJECTS = ['analytics.>'];

/**
 * The analytics stream that goes with a commerce stream: `ANALYTICS` beside `COMMERCE`, and
 * `<name>_ANALYTICS` beside a stream of another name (a test's, the bench's, the end-to-end
 * stack's EVENTS_STREAM), so two stacks sharing a NATS server never share, or retarget, one.
 */
export function analyticsStreamOf(eventsStream: string): string {
  return eventsStream === STREAM_NAME ? ANALYTICS_STREAM_NAME : `${eventsStream}_ANALYTICS`;
}

/** An event's id (a uuid, or one named by what it reports), its clock and the request behind it. */
export interface EventMeta {
  id: string;
  occurredAt: string;
  /** Absent, or present and undefined, exactly as the caller passes it (the envelope keeps the key). */
  requestId?: string | undefined;
}

/**
 * The one envelope every event travels in, typed but not validated: for the writers whose data
 * the types already shape (a provider's webhook among them, where a stricter check would refuse
 * what is recorded today). `makeEvent` is this envelope, validated.
 */
export function eventEnvelope<T extends DomainEventType>(
  type: T,
  data: EventOf<T>['data'],
  meta: EventMeta,
): EventOf<T> {
  return { type, version: 1, data, ...meta } as EventOf<T>;
}

/** Builds an event; the caller supplies the id (a uuid) and the clock. Throws if the data is off. */
export function makeEvent<T extends DomainEventType>(
  type: T,
  data: EventOf<T>['data'],
  meta: { id: string; occurredAt: string; requestId?: string },
): EventOf<T> {
  return DomainEvent.parse(eventEnvelope(type, data, meta)) as EventOf<T>;
}
