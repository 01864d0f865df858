import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { customers, leads } from '../../schema';

export function createCustomersRepository(db: DbOrTx) {
  return {
    /**
     * Finds the customer by e-mail (case-insensitive) or creates one with the details given at
     * this checkout. An existing record's name and phone are never changed: whoever types an
     * e-mail into the checkout is not proven to own it, so an order keeps its own snapshot of the
     * contact (the courier calls that phone) and staff see both (docs/orders.md). One statement:
     * concurrent first orders with the same e-mail cannot make two customers; the no-op update
     * is what makes RETURNING give the existing row. `xmax = 0` is PostgreSQL's tell for "this
     * row was inserted, not updated". The caller passes the contact as the order keeps it (the
     * checkout's `contactOf`).
     */
    async findOrCreate(
      input: { email: string; fullName: string; phone: string },
      tx: DbOrTx = db,
    ): Promise<{ id: string; isNew: boolean }> {
      const email = input.email.trim().toLowerCase();
      const [row] = await tx
        .insert(customers)
        .values({ email, fullName: input.fullName.trim(), phone: input.phone.trim() })
        .onConflictDoUpdate({
          target: customers.email,
          set: { email: sql`${customers.email}` },
        })
        .returning({ id: customers.id, isNew: sql<boolean>`(xmax = 0)` });
      return { id: row!.id, isNew: row!.isNew };
    },

    /** Marks the shopper's lead CONVERTED (if one exists), SPEC 4. */
    async convertLead(email: string, customerId: string, data: unknown, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(leads)
        .set({ status: 'CONVERTED', convertedUserId: customerId, convertedData: data, updatedAt: sql`now()` })
        .where(eq(leads.email, email.trim().toLowerCase()));
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
