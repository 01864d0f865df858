import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@qahwa/schema';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { sessions, signInAttempts, users } from '../../schema';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * How stale a session's last-seen mark may get before a request refreshes it: five minutes, or a
 * tenth of a short idle period (a session then ends between 90 % and 100 % of the idle period
 * after its last request).
 */
export const touchEvery = (idleMs: number) => Math.min(5 * 60_000, Math.floor(idleMs / 10));

/** The per-account sign-in limit: free failures, then a delay that doubles from `baseDelayMs` to `maxDelayMs`. */
export interface SignInLimit {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Failures older than this are forgotten, so a few typos a week apart never lock anyone out. */
const FAILURE_MEMORY = '1 hour';

export function createStaffRepository(db: DbOrTx) {
  /** Returns the raw token for the cookie; only its hash is stored. */
  async function createSession(userId: string, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlMs);
    await db.insert(sessions).values({ id: sha256(token), userId, expiresAt });
    return { token, expiresAt };
  }

  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      return row ?? null;
    },

    createSession,

    /**
     * The member of staff behind a session token, or null when the session is unknown, expired,
     * its user deactivated, or (with `idleMs`) unused for longer than that. A session in use is
     * marked seen at most once per `touchEvery(idleMs)`, not on every request: one write per few
     * minutes per person rather than one per click.
     */
    async userForSession(token: string, opts: { idleMs?: number } = {}): Promise<SessionUser | null> {
      const now = Date.now();
      const conditions = [
        eq(sessions.id, sha256(token)),
        gt(sessions.expiresAt, new Date(now)),
        eq(users.isActive, true),
      ];
      if (opts.idleMs) conditions.push(gt(sessions.lastSeenAt, new Date(now - opts.idleMs)));
      const [row] = await db
        .select({ u: users, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(and(...conditions))
        .limit(1);
      if (!row) return null;
      if (opts.idleMs && now - row.lastSeenAt.getTime() >= touchEvery(opts.idleMs)) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, sha256(token)));
      }
      const { u } = row;
      return { id: u.id, role: u.role, permissions: u.permissions, email: u.email, name: u.name };
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sha256(token)));
    },

    /**
     * A new session for this user in place of the browser's previous one (`previousToken`, any
     * user's, or none): signing in on a shared browser ends whoever was signed in there, and a
     * token the browser held before never becomes a signed-in one (no session fixation).
     */
    async replaceSession(
      previousToken: string | null,
      userId: string,
      ttlMs: number,
    ): Promise<{ token: string; expiresAt: Date }> {
      if (previousToken) await db.delete(sessions).where(eq(sessions.id, sha256(previousToken)));
      return createSession(userId, ttlMs);
    },

    /** Until when sign-in is refused for this e-mail, or null. Known and unknown e-mails alike. */
    async signInLockedUntil(email: string): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: signInAttempts.lockedUntil })
        .from(signInAttempts)
        .where(and(eq(signInAttempts.email, email), gt(signInAttempts.lockedUntil, new Date())))
        .limit(1);
      return row?.lockedUntil ?? null;
    },

    /**
     * Counts a failed sign-in for the e-mail in one statement (concurrent attempts cannot lose a
     * count); after `freeFailures`, locks it for a delay that doubles with each further failure.
     * Returns the lock's end, or null while attempts are still free.
     */
    async recordSignInFailure(email: string, limit: SignInLimit): Promise<Date | null> {
      const failures = sql`case when ${signInAttempts.lastFailureAt} < now() - interval '${sql.raw(FAILURE_MEMORY)}'
        then 1 else ${signInAttempts.failures} + 1 end`;
      const [row] = await db
        .insert(signInAttempts)
        .values({ email, failures: 1, lastFailureAt: sql`now()`, lockedUntil: null })
        .onConflictDoUpdate({
          target: signInAttempts.email,
          set: { failures, lastFailureAt: sql`now()` },
        })
        .returning({ failures: signInAttempts.failures });
      const count = row?.failures ?? 1;
      if (count < limit.freeFailures) return null;
      const delayMs = Math.min(limit.baseDelayMs * 2 ** (count - limit.freeFailures), limit.maxDelayMs);
      const lockedUntil = new Date(Date.now() + delayMs);
      await db.update(signInAttempts).set({ lockedUntil }).where(eq(signInAttempts.email, email));
      return lockedUntil;
    },

    async clearSignInFailures(email: string): Promise<void> {
      await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
