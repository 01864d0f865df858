import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { staffInvites, users } from '../../schema';
import { type AuditActor, recordAudit } from '../audit/audit';

/*
 * The staff account as the users screen and the profile see it, and what every staff write
 * shares (docs/users.md): the version token, the audit snapshot, the one-time links'
 * storage and `guardAdmins`, the one place the last-administrator rule lives. The writes are in
 * staff-admin.ts (the users screen), staff-links.ts (using a link) and staff-profile.ts (one's own
 * account).
 */

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  | 'LINK_EXPIRED'
  | 'ADMIN_ONLY'
  | 'GRANT_NOT_HELD'
  | 'ACCOUNT_ABOVE';

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

export type UserRow = typeof users.$inferSelect;

/** The version token, printed by PostgreSQL so no precision is lost in a JS Date. */
const versionSql = sql<string>`to_char(${users.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Each write moves the version forward, even two writes within the same microsecond. */
export const nextUpdatedAt = sql`greatest(clock_timestamp(), ${users.updatedAt} + interval '1 microsecond')`;

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
export function snapshot(u: UserRow) {
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

export const userColumns = { u: users, version: versionSql };

/**
 * THE last-administrator rule (docs/users.md): the store always keeps one active ADMIN who can sign in.
 * Locks every ADMIN row first (in id order, so two such transactions queue instead of
 * deadlocking), runs the write, then counts; zero throws and the transaction rolls back. Two admins
 * demoting each other at once: the second waits for the first's locks, then sees its result.
 */
export async function guardAdmins<T>(tx: DbOrTx, write: () => Promise<T>): Promise<T> {
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

export async function linksFor(tx: DbOrTx, ids: string[]) {
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

export function account(
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

export async function load(tx: DbOrTx, id: string): Promise<StaffAccount | null> {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) return null;
  return account(row, (await linksFor(tx, [id])).get(id));
}

/**
 * Locks the account and checks the version the staff member saw. `allowed` runs first: whether
 * the caller may touch this account at all is answered before whether their page is current.
 */
export async function lockForWrite(
  tx: DbOrTx,
  id: string,
  version: string | null,
  allowed?: (u: UserRow) => void,
) {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new StaffAdminError('USER_NOT_FOUND');
  allowed?.(row.u);
  if (version !== null && row.version !== version) throw new StaffAdminError('STALE_USER');
  return row.u;
}

/** Replaces the account's unused links with a new one (only the newest link works). */
export async function issue(
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

export async function writeUser(tx: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...set, updatedAt: nextUpdatedAt })
    .where(eq(users.id, id));
}

/** The audit entry of a write to a staff account: module `users`, the account as the entity. */
export function auditUser(
  tx: DbOrTx,
  actor: AuditActor,
  action: string,
  userId: string,
  change: { before: unknown; after: unknown },
  requestId?: string,
): Promise<void> {
  return recordAudit(tx, {
    user: actor,
    module: 'users',
    action,
    entityType: 'user',
    entityId: userId,
    ...change,
    requestId,
  });
}
