import { randomUUID } from 'node:crypto';
import type { ContactSubject, Locale } from '@qahwa/schema';
import { makeEvent } from '@qahwa/schema';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { contactMessages, newsletterSubscribers, productViewCounts } from '../schema';
import { createOutboxRepository } from './outbox';
import { claimEvent } from './processed-events';

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
     * One subscriber per e-mail (compared case-insensitively): a second signup changes nothing
     * and publishes nothing. `created` says which it was.
     */
    async subscribe(
      email: string,
      locale: Locale,
      requestId?: string,
    ): Promise<{ id: string; created: boolean }> {
      const normalised = email.trim().toLowerCase();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterSubscribers)
          .values({ email: normalised, locale })
          .onConflictDoNothing({ target: newsletterSubscribers.email })
          .returning({ id: newsletterSubscribers.id });
        if (!row) return { id: '', created: false };
        await outbox.append(
          makeEvent(
            'NewsletterSubscribed',
            { subscriberId: row.id, email: normalised, locale },
            meta(requestId),
          ),
          tx,
        );
        return { id: row.id, created: true };
      });
    },

    /**
     * The projection's write: adds one view per event, once. The processed-event guard and the
     * increment share the transaction, so a redelivered ProductViewed changes nothing.
     */
    async applyProductViewed(
      tx: DbOrTx,
      consumer: string,
      event: { id: string; occurredAt: string; data: { productId: string } },
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
