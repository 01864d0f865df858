import { randomUUID } from 'node:crypto';
import type { ContactSubject, Locale } from '@qahwa/schema';
import { makeEvent } from '@qahwa/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { contactMessages, leads, newsletterSubscribers, productViewCounts } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { claimEvent } from '../operations/processed-events';

const meta = (requestId?: string) => ({
  id: randomUUID(),
  occurredAt: new Date().toISOString(),
  ...(requestId ? { requestId } : {}),
});

export interface NewContactMessage {
  fullName: string;
  email: string;
  phone?: string | undefined;
  subject: ContactSubject;
  message: string;
  locale: Locale;
}

/** What shoppers send besides orders: views, contact messages, newsletter signups. */
export function createEngagementRepository(db: Db) {
  const outbox = createOutboxRepository(db);

  return {
    /**
     * A product was seen: only an outbox row (ProductViewed). The count is the projection's
     * (workers/src/projections/product-views.ts), so a read of the product page never updates a
     * shared row under load.
     */
    async productViewed(productId: string, locale: Locale, requestId?: string): Promise<void> {
      await outbox.append(makeEvent('ProductViewed', { productId, locale }, meta(requestId)));
    },

    /** Stores a contact message and appends ContactReceived in one transaction. */
    async contact(m: NewContactMessage, requestId?: string): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            fullName: m.fullName,
            email: m.email,
            phone: m.phone ?? null,
            subject: m.subject,
            message: m.message,
            locale: m.locale,
          })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('contact insert returned no row');
        await outbox.append(
          makeEvent(
            'ContactReceived',
            { contactId: row.id, email: m.email, subject: m.subject, locale: m.locale },
            meta(requestId),
          ),
          tx,
        );
        return row;
      });
    },

    /**
     * A newsletter signup, double opt-in (docs/crm.md): one subscriber per e-mail (compared
     * case-insensitively), `pending` until its confirmation link is followed; a signup of an
     * address that unsubscribed makes it pending again (it must confirm again). Every signup does
     * the same work — one upsert, one NewsletterConfirmationRequested — whether the address is new,
     * pending, confirmed or unsubscribed, so neither the answer nor its time tells them apart; the
     * mail consumer decides what, if anything, to send.
     */
    async subscribe(email: string, locale: Locale, requestId?: string): Promise<{ id: string }> {
      const normalised = email.trim().toLowerCase();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterSubscribers)
          .values({ email: normalised, locale, status: 'pending' })
          .onConflictDoUpdate({
            target: newsletterSubscribers.email,
            set: {
              status: sql`case when ${newsletterSubscribers.status} = 'unsubscribed' then 'pending' else ${newsletterSubscribers.status} end`,
              // A confirmed subscriber's language is theirs; a pending one takes the latest signup's.
              locale: sql`case when ${newsletterSubscribers.status} = 'confirmed' then ${newsletterSubscribers.locale} else excluded.locale end`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ id: newsletterSubscribers.id });
        if (!row) throw new Error('newsletter upsert returned no row');
        await outbox.append(
          makeEvent('NewsletterConfirmationRequested', { subscriberId: row.id, locale }, meta(requestId)),
          tx,
        );
        return { id: row.id };
      });
    },

    /**
     * The confirmation link was followed: the subscriber is confirmed and NewsletterSubscribed
     * (the welcome mail, the Brevo contact) is published, once. False when no such subscriber.
     */
    async confirmSubscription(subscriberId: string, requestId?: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(newsletterSubscribers)
          .set({ status: 'confirmed', confirmedAt: sql`now()`, updatedAt: sql`now()` })
          .where(
            and(eq(newsletterSubscribers.id, subscriberId), ne(newsletterSubscribers.status, 'confirmed')),
          )
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: newsletterSubscribers.id })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.id, subscriberId));
          return exists !== undefined;
        }
        await outbox.append(
          makeEvent(
            'NewsletterSubscribed',
            { subscriberId: row.id, email: row.email, locale: row.locale === 'ar' ? 'ar' : 'en' },
            meta(requestId),
          ),
          tx,
        );
        return true;
      });
    },

    /**
     * An unsubscribe link was used: a subscriber's own, or a lead's (the cart-recovery mail),
     * whose address is then kept as `unsubscribed` though it never subscribed, so no marketing
     * mail reaches it again. Idempotent; NewsletterUnsubscribed once per change. False when the
     * link names nobody the store knows.
     */
    async unsubscribe(
      target: { kind: 'subscriber' | 'lead'; id: string },
      requestId?: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        let email: string | undefined;
        if (target.kind === 'lead') {
          const [lead] = await tx.select({ email: leads.email }).from(leads).where(eq(leads.id, target.id));
          email = lead?.email.trim().toLowerCase();
        } else {
          const [sub] = await tx
            .select({ email: newsletterSubscribers.email })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.id, target.id));
          email = sub?.email;
        }
        if (!email) return false;
        const [row] = await tx
          .insert(newsletterSubscribers)
          .values({
            email,
            source: 'unsubscribe',
            status: 'unsubscribed',
            unsubscribedAt: sql`now()`,
          })
          .onConflictDoUpdate({
            target: newsletterSubscribers.email,
            set: { status: 'unsubscribed', unsubscribedAt: sql`now()`, updatedAt: sql`now()` },
            setWhere: sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
          })
          .returning({ id: newsletterSubscribers.id });
        if (row)
          await outbox.append(
            makeEvent('NewsletterUnsubscribed', { subscriberId: row.id, email }, meta(requestId)),
            tx,
          );
        return true;
      });
    },

    /**
     * Whether an address has left the store's marketing mail and not confirmed a subscription
     * since: the cart-recovery mail is not sent to it.
     */
    async optedOut(email: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.email, email.trim().toLowerCase()),
            sql`${newsletterSubscribers.unsubscribedAt} is not null`,
            sql`(${newsletterSubscribers.confirmedAt} is null or ${newsletterSubscribers.confirmedAt} < ${newsletterSubscribers.unsubscribedAt})`,
          ),
        );
      return row !== undefined;
    },

    /**
     * The projection's write: adds one view per event, once. The processed-event guard and the
     * increment share the transaction, so a redelivered ProductViewed changes nothing.
     */
    async applyProductViewed(
      consumer: string,
      event: { id: string; occurredAt: string; data: { productId: string } },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      if (!(await claimEvent(tx, consumer, event.id))) return false;
      await tx
        .insert(productViewCounts)
        .values({ productId: event.data.productId, views: 1, lastViewedAt: new Date(event.occurredAt) })
        .onConflictDoUpdate({
          target: productViewCounts.productId,
          set: {
            views: sql`${productViewCounts.views} + 1`,
            lastViewedAt: sql`greatest(${productViewCounts.lastViewedAt}, excluded.last_viewed_at)`,
          },
        });
      return true;
    },
  };
}
