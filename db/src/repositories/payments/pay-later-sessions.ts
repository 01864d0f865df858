import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { checkouts } from '../../schema';

/** The contact a pay-later checkout is counted under, normalised (`contactOf`), kept in its request. */
export interface SessionContact {
  email: string;
  phone: string;
}

/**
 * The pay-later sessions of one shopper still open at Tabby (docs/pay-later.md "Open sessions per
 * contact"). Each checkout keeps its normalised contact in `request.contact`; a session counts
 * while its checkout is `open` and younger than Tabby's expiry (after that nobody can pay it,
 * whether or not its workflow ever ran).
 */
export function createPayLaterSessionsRepository(db: DbOrTx) {
  return {
    /**
     * Serialises new sessions of one phone and of one e-mail until the transaction ends, so the
     * count below cannot be passed by sending many at once (transaction-scoped advisory locks).
     */
    async lockContact(contact: SessionContact, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pay-later-phone:${contact.phone}`}, 0)),
        pg_advisory_xact_lock(hashtextextended(${`pay-later-email:${contact.email}`}, 0))`);
    },

    async countOpen(
      contact: SessionContact,
      lifetimeMs: number,
      tx: DbOrTx = db,
    ): Promise<{ byPhone: number; byEmail: number }> {
      const since = sql`now() - make_interval(secs => ${lifetimeMs / 1000})`;
      const phone = sql`${checkouts.request}->'contact'->>'phone'`;
      const email = sql`${checkouts.request}->'contact'->>'email'`;
      const { rows } = await tx.execute<{ by_phone: number; by_email: number }>(sql`
        select count(*) filter (where ${phone} = ${contact.phone})::int as by_phone,
               count(*) filter (where ${email} = ${contact.email})::int as by_email
        from ${checkouts}
        where ${checkouts.provider} = 'TABBY' and ${checkouts.status} = 'open'
          and ${checkouts.createdAt} > ${since}
          and (${phone} = ${contact.phone} or ${email} = ${contact.email})`);
      return { byPhone: rows[0]?.by_phone ?? 0, byEmail: rows[0]?.by_email ?? 0 };
    },
  };
}
