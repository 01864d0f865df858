import type { LeadStatus } from '@qahwa/schema';
import { and, asc, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { customers, emails, leads, orders, outbox } from '../../schema';
import type { LeadRow } from './lead-types';

/**
 * What is read about leads: one by id, a customer's open lead, the name the recovery e-mail may
 * greet, and the back office's list. The writes (and the events they append) are leads.ts.
 */
async function byIdOf(db: DbOrTx, id: string): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ?? null;
}

export function createLeadReads(db: DbOrTx) {
  return {
    byId: (id: string) => byIdOf(db, id),

    /**
     * A customer's e-mail (trimmed, lower case: how leads keep it) and their open lead, in one
     * statement; null when the customer does not exist.
     */
    async openForCustomer(customerId: string): Promise<{ email: string; lead: LeadRow | null } | null> {
      const [row] = await db
        .select({ email: sql<string>`lower(trim(${customers.email}))`, lead: leads })
        .from(customers)
        .leftJoin(
          leads,
          and(eq(leads.email, sql`lower(trim(${customers.email}))`), ne(leads.status, 'CONVERTED')),
        )
        .where(eq(customers.id, customerId))
        .limit(1);
      return row ?? null;
    },

    /**
     * The name the recovery e-mail may greet: the customer record's, which an order wrote, for
     * an address that has ordered. A name typed at a checkout nobody finished (the lead's own)
     * is anyone's to type for anyone's address, so it is never greeted (docs/leads.md).
     */
    async orderName(email: string): Promise<string | null> {
      const [row] = await db
        .select({ name: customers.fullName })
        .from(customers)
        .where(
          and(
            sql`lower(trim(${customers.email})) = ${email.trim().toLowerCase()}`,
            sql`exists (select 1 from ${orders} where ${orders.customerId} = ${customers.id})`,
          ),
        )
        .limit(1);
      const name = row?.name.trim();
      return name ? name : null;
    },

    /**
     * What the back office's lead page shows beyond the row: the events the lead appended
     * (its road, oldest first: the outbox keeps published rows), the recovery e-mails mail
     * recorded for it, and the order that converted it.
     */
    async detail(id: string) {
      const lead = await byIdOf(db, id);
      if (!lead) return null;
      const [events, mails] = await Promise.all([
        db
          .select({ type: outbox.type, payload: outbox.payload, at: outbox.createdAt })
          .from(outbox)
          .where(
            and(
              inArray(outbox.type, ['CartAbandoned', 'LeadQualified', 'LeadConverted']),
              gte(outbox.createdAt, lead.createdAt),
              sql`${outbox.payload}->'data'->>'leadId' = ${id}`,
            ),
          )
          .orderBy(asc(outbox.createdAt)),
        db
          .select({
            subject: emails.subject,
            status: emails.status,
            sentAt: emails.sentAt,
            createdAt: emails.createdAt,
          })
          .from(emails)
          .where(and(eq(emails.purpose, 'cart-recovery'), eq(emails.subjectId, id)))
          .orderBy(asc(emails.createdAt)),
      ]);
      const converted = events.find((e) => e.type === 'LeadConverted');
      const orderId = (converted?.payload as { data?: { orderId?: string } } | undefined)?.data?.orderId;
      const [order] = orderId
        ? await db
            .select({
              id: orders.id,
              status: orders.status,
              totalFils: orders.totalFils,
              placedAt: orders.createdAt,
            })
            .from(orders)
            .where(eq(orders.id, orderId))
            .limit(1)
        : [];
      return {
        lead,
        events: events.map((e) => ({
          type: e.type,
          at: e.at,
          data: ((e.payload as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>,
        })),
        emails: mails,
        order: order ?? null,
      };
    },

    /** The back office's list: by status, newest activity first, with the count of each status. */
    async list(q: { status?: LeadStatus | undefined; limit: number; offset: number }) {
      const where = q.status ? eq(leads.status, q.status) : undefined;
      const [rows, [total], counts] = await Promise.all([
        db
          .select()
          .from(leads)
          .where(where)
          .orderBy(desc(leads.lastActivityAt), desc(leads.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(leads).where(where),
        db.select({ status: leads.status, n: count() }).from(leads).groupBy(leads.status),
      ]);
      return {
        rows,
        total: total?.n ?? 0,
        counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Record<string, number>,
      };
    },
  };
}
