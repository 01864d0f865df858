import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { customers, leads } from '../schema';

export function createCustomersRepository(db: DbOrTx) {
  return {
    /**
     * Finds the customer by e-mail (case-insensitive) or creates one. Concurrent first orders with
     * the same e-mail cannot make two customers: the insert is an upsert on the unique e-mail.
     */
    async findOrCreate(
      input: { email: string; fullName: string; phone: string },
      tx: DbOrTx = db,
    ): Promise<{ id: string; isNew: boolean }> {
      const email = input.email.trim().toLowerCase();
      const [inserted] = await tx
        .insert(customers)
        .values({ email, fullName: input.fullName.trim(), phone: input.phone.trim() })
        .onConflictDoNothing({ target: customers.email })
        .returning({ id: customers.id });
      if (inserted) return { id: inserted.id, isNew: true };
      const [existing] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, email));
      return { id: existing!.id, isNew: false };
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
