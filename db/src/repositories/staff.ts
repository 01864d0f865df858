import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@qahwa/schema';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sessions, users } from '../schema';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createStaffRepository(db: DbOrTx) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      return row ?? null;
    },

    /** Returns the raw token for the cookie; only its hash is stored. */
    async createSession(userId: string, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.insert(sessions).values({ id: sha256(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async userForSession(token: string): Promise<SessionUser | null> {
      const [row] = await db
        .select({ u: users })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(
          and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, new Date()), eq(users.isActive, true)),
        )
        .limit(1);
      if (!row) return null;
      const { u } = row;
      return { id: u.id, role: u.role, permissions: u.permissions, email: u.email, name: u.name };
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sha256(token)));
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
