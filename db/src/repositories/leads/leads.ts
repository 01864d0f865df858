import { randomUUID } from 'node:crypto';
import { type LeadStatus, makeEvent } from '@qahwa/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { customers, leads } from '../../schema';
import { createOutboxRepository } from '../operations/outbox';
import { createAbandonedCarts } from './abandoned-carts';
import { createLeadReads } from './lead-reads';
import type { CartAbandonment, LeadConversion, LeadLine, LeadQualification } from './lead-types';

export type { AbandonedCart } from './abandoned-carts';
export type { CartAbandonment, LeadConversion, LeadLine, LeadQualification, LeadRow } from './lead-types';

const meta = (requestId?: string) => ({
  id: randomUUID(),
  occurredAt: new Date().toISOString(),
  ...(requestId ? { requestId } : {}),
});

/** The open lead of an e-mail (at most one: the partial unique index), as the upserts name it. */
const openLead = { target: leads.email, targetWhere: sql`${leads.status} <> 'CONVERTED'` };

const fils = (aed: number) => Math.round(aed * 100);

const eventLines = (lines: LeadLine[]) =>
  lines.map((l) => ({
    productId: l.productId ?? l.id,
    ...(l.variationId ? { variationId: l.variationId } : {}),
    name: l.name,
    quantity: l.quantity,
    unitFils: fils(l.price),
  }));

/**
 * Leads (SPEC 3, 4; docs/leads.md): one open lead per e-mail, written by the storefront's two lead
 * calls, the order that converts it and the leadConversion workflow. Every change that others
 * act on appends its event (LeadQualified, CartAbandoned, LeadConverted) in the same transaction.
 * The reads are lead-reads.ts; the repository is both, as its callers have always used it.
 */
export function createLeadsRepository(db: Db) {
  const outbox = createOutboxRepository(db);

  const reads = createLeadReads(db);
  const { byId } = reads;

  async function convert(
    c: LeadConversion,
    requestId?: string,
    tx0?: DbOrTx,
  ): Promise<{ id: string } | null> {
    const run = async (tx: DbOrTx) => {
      // The browser's claim of a customer id is kept only if that customer exists.
      const [customer] = c.convertedUserId
        ? await tx
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.id, c.convertedUserId))
            .limit(1)
        : [];
      const [row] = await tx
        .update(leads)
        .set({
          status: 'CONVERTED',
          convertedAt: new Date(),
          ...(customer ? { convertedUserId: customer.id } : {}),
          ...(c.convertedData !== undefined ? { convertedData: c.convertedData } : {}),
          lastActivityAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(leads.email, c.email), ne(leads.status, 'CONVERTED')))
        .returning({ id: leads.id });
      if (!row) return null;
      await outbox.append(
        makeEvent(
          'LeadConverted',
          {
            leadId: row.id,
            email: c.email,
            valueFils: c.valueFils,
            ...(c.orderId ? { orderId: c.orderId } : {}),
            ...(customer ? { convertedUserId: customer.id } : {}),
          },
          meta(requestId),
        ),
        tx,
      );
      return { id: row.id };
    };
    return tx0 ? run(tx0) : db.transaction(run);
  }

  return {
    ...reads,
    ...createAbandonedCarts(db),

    /** SPEC 4: the payment step was reached; the open lead becomes QUALIFIED (a converted one stays). */
    async qualify(q: LeadQualification, requestId?: string): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const values = {
          email: q.email,
          status: 'QUALIFIED' as LeadStatus,
          hasPaymentInfo: q.hasPaymentInfo ?? false,
          paymentStep: q.paymentStep ?? new Date(),
          preferredPayment: q.preferredPayment ?? null,
          cartValueFils: q.cartValueFils ?? null,
          cartItems: q.cartItems ?? null,
          fullName: q.fullName ?? null,
          phone: q.phone ?? null,
          locale: q.locale,
          lastActivityAt: new Date(),
        };
        const [row] = await tx
          .insert(leads)
          .values(values)
          .onConflictDoUpdate({
            ...openLead,
            set: {
              status: sql`'QUALIFIED'`,
              hasPaymentInfo: sql`${leads.hasPaymentInfo} or excluded.has_payment_info`,
              paymentStep: values.paymentStep,
              preferredPayment: sql`coalesce(excluded.preferred_payment, ${leads.preferredPayment})`,
              cartValueFils: sql`coalesce(excluded.cart_value_fils, ${leads.cartValueFils})`,
              cartItems: sql`coalesce(excluded.cart_items, ${leads.cartItems})`,
              fullName: sql`coalesce(excluded.full_name, ${leads.fullName})`,
              phone: sql`coalesce(excluded.phone, ${leads.phone})`,
              locale: values.locale,
              lastActivityAt: values.lastActivityAt,
              updatedAt: new Date(),
            },
          })
          .returning({ id: leads.id, cartValueFils: leads.cartValueFils });
        if (!row) throw new Error('lead upsert returned no row');
        await outbox.append(
          makeEvent(
            'LeadQualified',
            {
              leadId: row.id,
              email: q.email,
              cartValueFils: row.cartValueFils ?? 0,
              ...(q.preferredPayment ? { preferredPayment: q.preferredPayment } : {}),
            },
            meta(requestId),
          ),
          tx,
        );
        return { id: row.id };
      });
    },

    /**
     * SPEC 4: a cart was left (idle, page exit, manual, e-mail capture). The open lead of the
     * e-mail takes the cart; a QUALIFIED lead stays QUALIFIED (it went further), a new one is
     * ABANDONED. CartAbandoned is appended each time: the workflow, keyed by the e-mail, is what
     * makes a second abandonment of the same cart send nothing new.
     */
    async abandon(a: CartAbandonment, requestId?: string): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .insert(leads)
          .values({
            email: a.email,
            status: 'ABANDONED',
            cartValueFils: a.cartValueFils,
            cartItems: a.cartItems,
            fullName: a.fullName ?? null,
            phone: a.phone ?? null,
            locale: a.locale,
            cartKey: a.cartKey ?? null,
            abandonmentTrigger: a.trigger,
            abandonment: a.context,
            abandonedAt: now,
            lastActivityAt: now,
          })
          .onConflictDoUpdate({
            ...openLead,
            set: {
              status: sql`case when ${leads.status} = 'QUALIFIED' then 'QUALIFIED' else 'ABANDONED' end`,
              cartValueFils: a.cartValueFils,
              cartItems: a.cartItems,
              fullName: sql`coalesce(excluded.full_name, ${leads.fullName})`,
              phone: sql`coalesce(excluded.phone, ${leads.phone})`,
              locale: a.locale,
              cartKey: sql`coalesce(excluded.cart_key, ${leads.cartKey})`,
              abandonmentTrigger: a.trigger,
              abandonment: a.context,
              abandonedAt: now,
              lastActivityAt: now,
              updatedAt: now,
            },
          })
          .returning({ id: leads.id, cartKey: leads.cartKey });
        if (!row) throw new Error('lead upsert returned no row');
        await outbox.append(
          makeEvent(
            'CartAbandoned',
            {
              leadId: row.id,
              email: a.email,
              cartValueFils: a.cartValueFils,
              items: eventLines(a.cartItems),
              trigger: a.trigger,
              deviceType: a.deviceType,
              ...(row.cartKey ? { cartKey: row.cartKey } : {}),
            },
            meta(requestId),
          ),
          tx,
        );
        return { id: row.id };
      });
    },

    /**
     * SPEC 4: CONVERTED after an order (the storefront's PATCH, or the order itself through the
     * workflow). The open lead of the e-mail converts; with none open nothing changes (a shopper
     * who never reached a lead step) and null is answered. LeadConverted once per lead.
     */
    convert,

    /** Converts a lead named by id (the workflow's order signal), once. */
    async convertById(leadId: string, orderId: string | undefined, valueFils: number): Promise<boolean> {
      const lead = await byId(leadId);
      if (!lead || lead.status === 'CONVERTED') return false;
      return (await convert({ email: lead.email, orderId, valueFils })) !== null;
    },

    async markRecoverySent(id: string): Promise<void> {
      await db
        .update(leads)
        .set({ recoverySentAt: sql`coalesce(${leads.recoverySentAt}, now())` })
        .where(eq(leads.id, id));
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
