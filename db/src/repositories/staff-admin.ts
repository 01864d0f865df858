import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { sessions, staffInvites, users } from '../schema';
import { type AuditActor, recordAudit } from './audit';

/*
 * Staff accounts for the users screen and the profile (issue 12, docs/users.md): invitations and
 * resets by one-time link, role and permission edits, deactivation, password changes. Every write
 * is one transaction with its audit entry; every write that could leave the store without an
 * administrator goes through `guardAdmins`, the one place that rule lives.
 */

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The password hash of an invited account that has not chosen a password yet. Not an argon2
 * string, so `verify` throws (read as "wrong password") and nobody can sign in with anything.
 */
export const INVITE_PENDING_HASH = '!invite-pending';

export type StaffLinkPurpose = 'invite' | 'reset';
export type StaffStatus = 'active' | 'inactive' | 'invited';

/** Why a staff write was refused; the code is STAFF_MESSAGES' key (schema/src/staff/messages.ts). */
export type StaffAdminErrorCode =
  | 'USER_NOT_FOUND'
  | 'EMAIL_TAKEN'
  | 'STALE_USER'
  | 'LAST_ADMIN'
  | 'SELF_CHANGE'
  | 'SELF_RESET'
  | 'NOT_INVITED'
  | 'STILL_INVITED'
  | 'INACTIVE_USER'
  | 'LINK_INVALID'
  | 'LINK_USED'
  | 'LINK_EXPIRED';

export class StaffAdminError extends Error {
  override readonly name = 'StaffAdminError';
  constructor(readonly code: StaffAdminErrorCode) {
    super(`staff write refused: ${code}`);
  }
}
export const isStaffAdminError = (e: unknown): e is StaffAdminError =>
  e instanceof Error && e.name === 'StaffAdminError';

export interface StaffPermissionRow {
  module: string;
  canView: boolean;
  canEdit?: boolean;
}

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  role: string;
  permissions: StaffPermissionRow[];
  status: StaffStatus;
  locale: 'en' | 'ar' | null;
  createdAt: string;
  pendingLink: { purpose: StaffLinkPurpose; expiresAt: string } | null;
  /** updated_at to the microsecond, as text: the optimistic-concurrency token. */
  version: string;
}

type UserRow = typeof users.$inferSelect;

/** The version token, printed by PostgreSQL so no precision is lost in a JS Date. */
const versionSql = sql<string>`to_char(${users.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Each write moves the version forward, even two writes within the same microsecond. */
const nextUpdatedAt = sql`greatest(clock_timestamp(), ${users.updatedAt} + interval '1 microsecond')`;

function statusOf(u: Pick<UserRow, 'isActive' | 'passwordHash'>): StaffStatus {
  if (!u.isActive) return 'inactive';
  return u.passwordHash === INVITE_PENDING_HASH ? 'invited' : 'active';
}

/** Edit implies view (the rule in `can`), stored as both so every reader sees the same grid; one row per module. */
export function normalizePermissions(
  rows: readonly { module: string; canView: boolean; canEdit?: boolean }[],
): StaffPermissionRow[] {
  const byModule = new Map<string, StaffPermissionRow>();
  for (const r of rows) {
    const prev = byModule.get(r.module);
    const canEdit = (prev?.canEdit ?? false) || r.canEdit === true;
    const canView = (prev?.canView ?? false) || r.canView || canEdit;
    byModule.set(r.module, { module: r.module, canView, canEdit });
  }
  return [...byModule.values()].filter((p) => p.canView);
}

/** What the audit log keeps of an account: never the password hash. */
function snapshot(u: UserRow) {
  return {
    email: u.email,
    name: u.name,
    role: u.role,
    permissions: u.permissions,
    isActive: u.isActive,
    locale: u.locale,
    invited: u.passwordHash === INVITE_PENDING_HASH,
  };
}

const userColumns = { u: users, version: versionSql };

/**
 * THE last-administrator rule (issue 12): the store always keeps one active ADMIN who can sign in.
 * Locks every ADMIN row first (in id order, so two such transactions queue instead of
 * deadlocking), runs the write, then counts; zero throws and the transaction rolls back. Two admins
 * demoting each other at once: the second waits for the first's locks, then sees its result.
 */
async function guardAdmins<T>(tx: DbOrTx, write: () => Promise<T>): Promise<T> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(asc(users.id))
    .for('update');
  const result = await write();
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.role, 'ADMIN'), eq(users.isActive, true), ne(users.passwordHash, INVITE_PENDING_HASH)),
    );
  if ((row?.n ?? 0) === 0) throw new StaffAdminError('LAST_ADMIN');
  return result;
}

export interface IssuedLink {
  account: StaffAccount;
  /** The raw token for the e-mail's link; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

export function createStaffAdminRepository(db: Db) {
  async function linksFor(tx: DbOrTx, ids: string[]) {
    if (ids.length === 0) return new Map<string, { purpose: StaffLinkPurpose; expiresAt: string }>();
    const rows = await tx
      .select({
        userId: staffInvites.userId,
        purpose: staffInvites.purpose,
        expiresAt: staffInvites.expiresAt,
      })
      .from(staffInvites)
      .where(
        and(
          inArray(staffInvites.userId, ids),
          isNull(staffInvites.usedAt),
          gt(staffInvites.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(staffInvites.createdAt));
    const out = new Map<string, { purpose: StaffLinkPurpose; expiresAt: string }>();
    for (const r of rows) {
      if (!out.has(r.userId))
        out.set(r.userId, { purpose: r.purpose as StaffLinkPurpose, expiresAt: r.expiresAt.toISOString() });
    }
    return out;
  }

  function account(
    row: { u: UserRow; version: string },
    link: { purpose: StaffLinkPurpose; expiresAt: string } | undefined,
  ): StaffAccount {
    const { u } = row;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      permissions: u.permissions,
      status: statusOf(u),
      locale: u.locale === 'ar' || u.locale === 'en' ? u.locale : null,
      createdAt: u.createdAt.toISOString(),
      pendingLink: link ?? null,
      version: row.version,
    };
  }

  async function load(tx: DbOrTx, id: string): Promise<StaffAccount | null> {
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!row) return null;
    return account(row, (await linksFor(tx, [id])).get(id));
  }

  /** Locks the account and checks the version the staff member saw. */
  async function lockForWrite(tx: DbOrTx, id: string, version: string | null) {
    const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new StaffAdminError('USER_NOT_FOUND');
    if (version !== null && row.version !== version) throw new StaffAdminError('STALE_USER');
    return row.u;
  }

  /** Replaces the account's unused links with a new one (only the newest link works). */
  async function issue(
    tx: DbOrTx,
    userId: string,
    purpose: StaffLinkPurpose,
    ttlMs: number,
    by: string | null,
  ) {
    await tx.delete(staffInvites).where(and(eq(staffInvites.userId, userId), isNull(staffInvites.usedAt)));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlMs);
    await tx
      .insert(staffInvites)
      .values({ tokenHash: sha256(token), userId, purpose, expiresAt, createdBy: by });
    return { token, expiresAt };
  }

  async function update(tx: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
    await tx
      .update(users)
      .set({ ...set, updatedAt: nextUpdatedAt })
      .where(eq(users.id, id));
  }

  return {
    async list(filter: {
      q?: string;
      status?: StaffStatus;
      role?: string;
      limit: number;
      offset: number;
    }): Promise<{ users: StaffAccount[]; total: number }> {
      const where: SQL[] = [];
      if (filter.q) {
        const like = likeContains(filter.q);
        where.push(or(sql`${users.email} ilike ${like}`, sql`${users.name} ilike ${like}`) as SQL);
      }
      if (filter.role) where.push(eq(users.role, filter.role));
      if (filter.status === 'inactive') where.push(eq(users.isActive, false));
      if (filter.status === 'invited')
        where.push(and(eq(users.isActive, true), eq(users.passwordHash, INVITE_PENDING_HASH)) as SQL);
      if (filter.status === 'active')
        where.push(and(eq(users.isActive, true), ne(users.passwordHash, INVITE_PENDING_HASH)) as SQL);
      const cond = where.length ? and(...where) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(cond)
          .orderBy(asc(users.name), asc(users.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(users).where(cond),
      ]);
      const links = await linksFor(
        db,
        rows.map((r) => r.u.id),
      );
      return { users: rows.map((r) => account(r, links.get(r.u.id))), total: totals[0]?.n ?? 0 };
    },

    get: (id: string) => load(db, id),

    /** A new account that cannot sign in until its invitation's link sets a password. */
    async invite(
      actor: AuditActor,
      input: {
        name: string;
        email: string;
        role: string;
        permissions: StaffPermissionRow[];
        locale: 'en' | 'ar';
      },
      ttlMs: number,
      requestId?: string,
    ): Promise<IssuedLink> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            name: input.name,
            role: input.role,
            permissions: normalizePermissions(input.permissions),
            locale: input.locale,
            passwordHash: INVITE_PENDING_HASH,
            isActive: true,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) throw new StaffAdminError('EMAIL_TAKEN');
        const link = await issue(tx, created.id, 'invite', ttlMs, actor.id);
        await recordAudit(tx, {
          user: actor,
          module: 'users',
          action: 'invite',
          entityType: 'user',
          entityId: created.id,
          before: null,
          after: snapshot(created),
          requestId,
        });
        return { account: (await load(tx, created.id)) as StaffAccount, ...link };
      });
    },

    /**
     * A fresh link: 'invite' for an account that never set a password (resend), 'reset' for one
     * that did (staff-initiated reset: its sessions end now; its password works until the link is used).
     */
    async issueLink(
      actor: AuditActor,
      id: string,
      purpose: StaffLinkPurpose,
      ttlMs: number,
      requestId?: string,
    ): Promise<IssuedLink> {
      return db.transaction(async (tx) => {
        const u = await lockForWrite(tx, id, null);
        if (purpose === 'reset' && u.id === actor.id) throw new StaffAdminError('SELF_RESET');
        if (!u.isActive) throw new StaffAdminError('INACTIVE_USER');
        const invited = u.passwordHash === INVITE_PENDING_HASH;
        if (purpose === 'invite' && !invited) throw new StaffAdminError('NOT_INVITED');
        if (purpose === 'reset' && invited) throw new StaffAdminError('STILL_INVITED');
        const link = await issue(tx, u.id, purpose, ttlMs, actor.id);
        if (purpose === 'reset') await tx.delete(sessions).where(eq(sessions.userId, u.id));
        await recordAudit(tx, {
          user: actor,
          module: 'users',
          action: purpose === 'invite' ? 'resend-invite' : 'reset-password',
          entityType: 'user',
          entityId: u.id,
          before: snapshot(u),
          after: { ...snapshot(u), linkExpiresAt: link.expiresAt },
          requestId,
        });
        return { account: (await load(tx, u.id)) as StaffAccount, ...link };
      });
    },

    /** Name, role and the permission grid. Nobody changes their own role or grid (another admin must). */
    async update(
      actor: AuditActor,
      id: string,
      patch: { version: string; name?: string; role?: string; permissions?: StaffPermissionRow[] },
      requestId?: string,
    ): Promise<StaffAccount> {
      return db.transaction(async (tx) =>
        guardAdmins(tx, async () => {
          const before = await lockForWrite(tx, id, patch.version);
          const grants = patch.role !== undefined || patch.permissions !== undefined;
          if (grants && before.id === actor.id) throw new StaffAdminError('SELF_CHANGE');
          await update(tx, id, {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.role !== undefined ? { role: patch.role } : {}),
            ...(patch.permissions !== undefined
              ? { permissions: normalizePermissions(patch.permissions) }
              : {}),
          });
          const after = (await tx.select().from(users).where(eq(users.id, id)))[0] as UserRow;
          await recordAudit(tx, {
            user: actor,
            module: 'users',
            action: 'update',
            entityType: 'user',
            entityId: id,
            before: snapshot(before),
            after: snapshot(after),
            requestId,
          });
          return (await load(tx, id)) as StaffAccount;
        }),
      );
    },

    /** Deactivation ends every session of the account at once and voids its unused links. */
    async setActive(
      actor: AuditActor,
      id: string,
      active: boolean,
      version: string,
      requestId?: string,
    ): Promise<StaffAccount> {
      return db.transaction(async (tx) =>
        guardAdmins(tx, async () => {
          const before = await lockForWrite(tx, id, version);
          if (before.id === actor.id) throw new StaffAdminError('SELF_CHANGE');
          await update(tx, id, { isActive: active });
          if (!active) {
            await tx.delete(sessions).where(eq(sessions.userId, id));
            await tx
              .delete(staffInvites)
              .where(and(eq(staffInvites.userId, id), isNull(staffInvites.usedAt)));
          }
          await recordAudit(tx, {
            user: actor,
            module: 'users',
            action: active ? 'reactivate' : 'deactivate',
            entityType: 'user',
            entityId: id,
            before: snapshot(before),
            after: { ...snapshot(before), isActive: active },
            requestId,
          });
          return (await load(tx, id)) as StaffAccount;
        }),
      );
    },

    /** Who a link is for, without using it (the set-password page's greeting). */
    async checkLink(token: string) {
      const [row] = await db
        .select({ link: staffInvites, u: users })
        .from(staffInvites)
        .innerJoin(users, eq(users.id, staffInvites.userId))
        .where(eq(staffInvites.tokenHash, sha256(token)))
        .limit(1);
      if (!row?.u.isActive) throw new StaffAdminError('LINK_INVALID');
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
          .returning({ userId: staffInvites.userId, purpose: staffInvites.purpose });
        if (!claimed) {
          const [link] = await tx.select().from(staffInvites).where(eq(staffInvites.tokenHash, tokenHash));
          if (!link) throw new StaffAdminError('LINK_INVALID');
          throw new StaffAdminError(link.usedAt ? 'LINK_USED' : 'LINK_EXPIRED');
        }
        const before = await lockForWrite(tx, claimed.userId, null);
        if (!before.isActive) throw new StaffAdminError('LINK_INVALID');
        await update(tx, before.id, { passwordHash });
        await tx.delete(sessions).where(eq(sessions.userId, before.id));
        await tx
          .delete(staffInvites)
          .where(and(eq(staffInvites.userId, before.id), isNull(staffInvites.usedAt)));
        await recordAudit(tx, {
          user: { id: before.id, email: before.email },
          module: 'users',
          action: claimed.purpose === 'invite' ? 'accept-invite' : 'set-password',
          entityType: 'user',
          entityId: before.id,
          before: snapshot(before),
          after: { ...snapshot(before), invited: false },
          requestId,
        });
        return { id: before.id, email: before.email, purpose: claimed.purpose as StaffLinkPurpose };
      });
    },

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
        await update(tx, id, {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
        });
        const after = (await tx.select().from(users).where(eq(users.id, id)))[0] as UserRow;
        await recordAudit(tx, {
          user: { id, email: before.email },
          module: 'users',
          action: 'update-profile',
          entityType: 'user',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
          requestId,
        });
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
        await update(tx, id, { passwordHash: newHash });
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, id), ne(sessions.id, sha256(keepSessionToken))));
        await recordAudit(tx, {
          user: { id, email: before.email },
          module: 'users',
          action: 'change-password',
          entityType: 'user',
          entityId: id,
          before: null,
          after: null,
          requestId,
        });
        return true;
      });
    },
  };
}
export type StaffAdminRepository = ReturnType<typeof createStaffAdminRepository>;
