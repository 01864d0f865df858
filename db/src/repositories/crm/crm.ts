import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { contactMessages, newsletterSubscribers } from '../../schema';

export type ContactReadFilter = 'all' | 'unread' | 'read';

export interface ContactMessageRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  locale: string;
  isRead: boolean;
  createdAt: Date;
}

export interface SubscriberRow {
  id: string;
  email: string;
  locale: string;
  source: string;
  /** pending until the confirmation link, confirmed, unsubscribed (docs/crm.md). */
  status: 'pending' | 'confirmed' | 'unsubscribed';
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

const subscriberRow = (r: typeof newsletterSubscribers.$inferSelect): SubscriberRow => ({
  id: r.id,
  email: r.email,
  locale: r.locale,
  source: r.source,
  status: r.status,
  createdAt: r.createdAt,
  confirmedAt: r.confirmedAt,
  unsubscribedAt: r.unsubscribedAt,
});

/** `%`, `_` and `\` typed by staff are searched as themselves, not as LIKE wildcards. */
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's reads and writes of contact messages and newsletter subscribers (docs/crm.md). */
export function createCrmRepository(db: Db) {
  const subscriberWhere = (q?: string, status?: SubscriberRow['status']): SQL | undefined =>
    and(
      q ? ilike(newsletterSubscribers.email, likeContains(q.trim())) : undefined,
      status ? eq(newsletterSubscribers.status, status) : undefined,
    );

  return {
    /** Newest first; `unread` counts all unread messages whatever the filter. */
    async listContacts(o: { filter: ContactReadFilter; limit: number; offset: number }) {
      const where = o.filter === 'all' ? undefined : eq(contactMessages.isRead, o.filter === 'read');
      const [items, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(o.limit)
          .offset(o.offset),
        db.select({ n: count() }).from(contactMessages).where(where),
        db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
      ]);
      return {
        items: items.map(
          (r): ContactMessageRow => ({
            id: r.id,
            fullName: r.fullName,
            email: r.email,
            phone: r.phone,
            subject: r.subject,
            message: r.message,
            locale: r.locale,
            isRead: r.isRead,
            createdAt: r.createdAt,
          }),
        ),
        total: total?.n ?? 0,
        unread: unread?.n ?? 0,
      };
    },

    /** Marks a message read or unread; null when there is no such message. */
    async setContactRead(
      id: string,
      isRead: boolean,
      outer?: DbOrTx,
    ): Promise<{ before: boolean; after: boolean } | null> {
      // Inside the caller's transaction when given (the route writes its audit entry beside it).
      const run = <T>(f: (tx: DbOrTx) => Promise<T>) => (outer ? f(outer) : db.transaction(f));
      return run(async (tx) => {
        const [row] = await tx
          .select({ isRead: contactMessages.isRead })
          .from(contactMessages)
          .where(eq(contactMessages.id, id))
          .for('update');
        if (!row) return null;
        if (row.isRead !== isRead) {
          await tx
            .update(contactMessages)
            .set({ isRead, updatedAt: new Date() })
            .where(eq(contactMessages.id, id));
        }
        return { before: row.isRead, after: isRead };
      });
    },

    /**
     * Staff take an address off the newsletter (docs/crm.md): the row goes, in the caller's
     * transaction. The answer is what the audit keeps: the state it had, not the address.
     */
    async removeSubscriber(
      id: string,
      tx: DbOrTx = db,
    ): Promise<Pick<SubscriberRow, 'status' | 'locale' | 'source'> | null> {
      const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({
        status: newsletterSubscribers.status,
        locale: newsletterSubscribers.locale,
        source: newsletterSubscribers.source,
      });
      return row ?? null;
    },

    /** Newest first, optionally those whose e-mail contains `q` (case-insensitive). */
    async listSubscribers(o: {
      q?: string | undefined;
      status?: SubscriberRow['status'] | undefined;
      limit: number;
      offset: number;
    }) {
      const where = subscriberWhere(o.q, o.status);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(o.limit)
          .offset(o.offset),
        db.select({ n: count() }).from(newsletterSubscribers).where(where),
      ]);
      return {
        items: items.map(subscriberRow),
        total: total?.n ?? 0,
      };
    },

    /** Every matching subscriber, oldest first, in pages (the CSV export streams them). */
    async *eachSubscriber(
      q?: string,
      pageSize = 1000,
      status?: SubscriberRow['status'],
    ): AsyncGenerator<SubscriberRow> {
      const where = subscriberWhere(q, status);
      for (let offset = 0; ; offset += pageSize) {
        const page = await db
          .select()
          .from(newsletterSubscribers)
          .where(where ? and(where) : undefined)
          .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id))
          .limit(pageSize)
          .offset(offset);
        for (const r of page) yield subscriberRow(r);
        if (page.length < pageSize) return;
      }
    },
  };
}
export type CrmRepository = ReturnType<typeof createCrmRepository>;
