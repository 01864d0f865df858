import { ADMIN_ROLE } from '@qahwa/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client';
import { sessions, staffInvites, users } from '../../schema';
import {
  auditUser,
  lockForWrite,
  StaffAdminError,
  type StaffLinkPurpose,
  sha256,
  snapshot,
  writeUser,
} from './staff-accounts';

/**
 * A link into an ADMIN account works only if an active ADMIN issued it. Links issued before only
 * an ADMIN could invite one (or to an invited account an ADMIN promoted later) would otherwise
 * hand administration to whoever holds a colleague's invitation; the administrator resends.
 */
async function issuerMayHandOver(
  tx: DbOrTx,
  link: { createdBy: string | null },
  account: { role: string },
): Promise<boolean> {
  if (account.role !== ADMIN_ROLE) return true;
  if (!link.createdBy) return false;
  const [issuer] = await tx
    .select({ role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, link.createdBy));
  return issuer?.role === ADMIN_ROLE && issuer.isActive;
}

/** The one-time links' side (invitation and reset): read one for its greeting, use one once. */
export function createStaffLinksRepository(db: Db) {
  return {
    /** Who a link is for, without using it (the set-password page's greeting). */
    async checkLink(token: string) {
      const [row] = await db
        .select({ link: staffInvites, u: users })
        .from(staffInvites)
        .innerJoin(users, eq(users.id, staffInvites.userId))
        .where(eq(staffInvites.tokenHash, sha256(token)))
        .limit(1);
      if (!row?.u.isActive) throw new StaffAdminError('LINK_INVALID');
      if (!(await issuerMayHandOver(db, row.link, row.u))) throw new StaffAdminError('LINK_INVALID');
      if (row.link.usedAt) throw new StaffAdminError('LINK_USED');
      if (row.link.expiresAt.getTime() <= Date.now()) throw new StaffAdminError('LINK_EXPIRED');
      return {
        email: row.u.email,
        name: row.u.name,
        purpose: row.link.purpose as StaffLinkPurpose,
        expiresAt: row.link.expiresAt.toISOString(),
      };
    },

    /**
     * Uses a link once: one UPDATE claims it (a second use, even at the same instant, finds it
     * used), then sets the password, activates an invitation and ends every session of the account.
     * `passwordHash` is computed by the caller (argon2 lives in the gateway).
     */
    async useLink(token: string, passwordHash: string, requestId?: string) {
      const tokenHash = sha256(token);
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(staffInvites)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(staffInvites.tokenHash, tokenHash),
              isNull(staffInvites.usedAt),
              gt(staffInvites.expiresAt, sql`now()`),
            ),
          )
          .returning({
            userId: staffInvites.userId,
            purpose: staffInvites.purpose,
            createdBy: staffInvites.createdBy,
          });
        if (!claimed) {
          const [link] = await tx.select().from(staffInvites).where(eq(staffInvites.tokenHash, tokenHash));
          if (!link) throw new StaffAdminError('LINK_INVALID');
          throw new StaffAdminError(link.usedAt ? 'LINK_USED' : 'LINK_EXPIRED');
        }
        const before = await lockForWrite(tx, claimed.userId, null);
        if (!before.isActive) throw new StaffAdminError('LINK_INVALID');
        // Thrown inside the transaction: the claim rolls back with it, and the link stays refused.
        if (!(await issuerMayHandOver(tx, claimed, before))) throw new StaffAdminError('LINK_INVALID');
        await writeUser(tx, before.id, { passwordHash });
        await tx.delete(sessions).where(eq(sessions.userId, before.id));
        await tx
          .delete(staffInvites)
          .where(and(eq(staffInvites.userId, before.id), isNull(staffInvites.usedAt)));
        await auditUser(
          tx,
          { id: before.id, email: before.email },
          claimed.purpose === 'invite' ? 'accept-invite' : 'set-password',
          before.id,
          { before: snapshot(before), after: { ...snapshot(before), invited: false } },
          requestId,
        );
        return { id: before.id, email: before.email, purpose: claimed.purpose as StaffLinkPurpose };
      });
    },
  };
}
