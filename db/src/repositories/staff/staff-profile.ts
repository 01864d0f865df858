import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../client';
import { sessions, users } from '../../schema';
import { auditUser, lockForWrite, sha256, snapshot, type UserRow, writeUser } from './staff-accounts';

/** The signed-in member of staff's own account: the profile's name, language and password. */
export function createStaffProfileRepository(db: Db) {
  return {
    /** The signed-in member of staff's own account, with the hash the password change checks. */
    async own(id: string) {
      const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return u ?? null;
    },

    async updateProfile(
      id: string,
      patch: { name?: string; locale?: 'en' | 'ar' | null },
      requestId?: string,
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const before = await lockForWrite(tx, id, null);
        await writeUser(tx, id, {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
        });
        const after = (await tx.select().from(users).where(eq(users.id, id)))[0] as UserRow;
        await auditUser(
          tx,
          { id, email: before.email },
          'update-profile',
          id,
          { before: snapshot(before), after: snapshot(after) },
          requestId,
        );
        return after;
      });
    },

    /**
     * The profile's password change, checked by the caller against the current hash: writes the
     * new hash only if the hash it checked is still the one stored (a concurrent change wins once),
     * and deletes every session of the account except `keepSessionToken`'s.
     */
    async changePassword(
      id: string,
      checkedHash: string,
      newHash: string,
      keepSessionToken: string,
      requestId?: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const before = await lockForWrite(tx, id, null);
        if (before.passwordHash !== checkedHash) return false;
        await writeUser(tx, id, { passwordHash: newHash });
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, id), ne(sessions.id, sha256(keepSessionToken))));
        await auditUser(
          tx,
          { id, email: before.email },
          'change-password',
          id,
          { before: null, after: null },
          requestId,
        );
        return true;
      });
    },
  };
}
