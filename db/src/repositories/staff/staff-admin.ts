import { and, asc, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { sessions, staffInvites, users } from '../../schema';
import type { AuditActor } from '../audit/audit';
import {
  account,
  auditUser,
  guardAdmins,
  INVITE_PENDING_HASH,
  type IssuedLink,
  issue,
  likeContains,
  linksFor,
  load,
  lockForWrite,
  normalizePermissions,
  type StaffAccount,
  StaffAdminError,
  type StaffLinkPurpose,
  type StaffPermissionRow,
  type StaffStatus,
  snapshot,
  type UserRow,
  userColumns,
  writeUser,
} from './staff-accounts';
import {
  type AdminChange,
  adminChangeKind,
  adminRecipients,
  assertMayGive,
  assertMayManage,
  grantorOf,
} from './staff-grants';
import { createStaffLinksRepository } from './staff-links';
import { createStaffProfileRepository } from './staff-profile';

export {
  INVITE_PENDING_HASH,
  type IssuedLink,
  isStaffAdminError,
  normalizePermissions,
  type StaffAccount,
  StaffAdminError,
  type StaffAdminErrorCode,
  type StaffLinkPurpose,
  type StaffPermissionRow,
  type StaffStatus,
} from './staff-accounts';
export type { AdminChange, AdminChangeKind } from './staff-grants';

/** A write and what it did to the set of administrators (null: nothing). */
export interface StaffWrite {
  account: StaffAccount;
  adminChange: AdminChange | null;
}

const changeOf = (kind: AdminChange['kind'] | null, account: StaffAccount): AdminChange | null =>
  kind
    ? {
        kind,
        account: { id: account.id, name: account.name, email: account.email },
        version: account.version,
      }
    : null;

/*
 * Staff accounts for the users screen and the profile (docs/users.md): invitations and
 * resets by one-time link, role and permission edits, deactivation, password changes. Every write
 * is one transaction with its audit entry; every write that could leave the store without an
 * administrator goes through `guardAdmins` (staff-accounts.ts), the one place that rule lives;
 * every write first asks staff-grants.ts whether the actor may touch the account and give what
 * it asks (only an ADMIN makes or changes an ADMIN; nobody gives what they do not hold).
 * Here are the users screen's writes; using a link is staff-links.ts, one's own account
 * staff-profile.ts; the repository is all three, as its callers have always used it.
 */
export function createStaffAdminRepository(db: Db) {
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
    ): Promise<IssuedLink & { adminChange: AdminChange | null }> {
      return db.transaction(async (tx) => {
        const permissions = normalizePermissions(input.permissions);
        assertMayGive(await grantorOf(tx, actor), { role: input.role, permissions });
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            name: input.name,
            role: input.role,
            permissions,
            locale: input.locale,
            passwordHash: INVITE_PENDING_HASH,
            isActive: true,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) throw new StaffAdminError('EMAIL_TAKEN');
        const link = await issue(tx, created.id, 'invite', ttlMs, actor.id);
        await auditUser(
          tx,
          actor,
          'invite',
          created.id,
          { before: null, after: snapshot(created) },
          requestId,
        );
        const account = (await load(tx, created.id)) as StaffAccount;
        return { account, ...link, adminChange: changeOf(adminChangeKind(null, created), account) };
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
        const grantor = await grantorOf(tx, actor);
        const u = await lockForWrite(tx, id, null, (row) => assertMayManage(grantor, row));
        if (purpose === 'reset' && u.id === actor.id) throw new StaffAdminError('SELF_RESET');
        if (!u.isActive) throw new StaffAdminError('INACTIVE_USER');
        const invited = u.passwordHash === INVITE_PENDING_HASH;
        if (purpose === 'invite' && !invited) throw new StaffAdminError('NOT_INVITED');
        if (purpose === 'reset' && invited) throw new StaffAdminError('STILL_INVITED');
        const link = await issue(tx, u.id, purpose, ttlMs, actor.id);
        if (purpose === 'reset') await tx.delete(sessions).where(eq(sessions.userId, u.id));
        await auditUser(
          tx,
          actor,
          purpose === 'invite' ? 'resend-invite' : 'reset-password',
          u.id,
          { before: snapshot(u), after: { ...snapshot(u), linkExpiresAt: link.expiresAt } },
          requestId,
        );
        return { account: (await load(tx, u.id)) as StaffAccount, ...link };
      });
    },

    /**
     * Name, role and the permission grid. Nobody changes their own role or grid (another admin
     * must); a role change across ADMIN is audited as `promote-admin`/`demote-admin`.
     */
    async update(
      actor: AuditActor,
      id: string,
      patch: { version: string; name?: string; role?: string; permissions?: StaffPermissionRow[] },
      requestId?: string,
    ): Promise<StaffWrite> {
      return db.transaction(async (tx) =>
        guardAdmins(tx, async () => {
          const grantor = await grantorOf(tx, actor);
          const before = await lockForWrite(tx, id, patch.version, (u) => assertMayManage(grantor, u));
          const grants = patch.role !== undefined || patch.permissions !== undefined;
          if (grants && before.id === actor.id) throw new StaffAdminError('SELF_CHANGE');
          const permissions =
            patch.permissions !== undefined ? normalizePermissions(patch.permissions) : undefined;
          if (grants)
            assertMayGive(grantor, {
              role: patch.role ?? before.role,
              permissions: permissions ?? before.permissions,
            });
          await writeUser(tx, id, {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.role !== undefined ? { role: patch.role } : {}),
            ...(permissions !== undefined ? { permissions } : {}),
          });
          const after = (await tx.select().from(users).where(eq(users.id, id)))[0] as UserRow;
          const kind = adminChangeKind(before, after);
          await auditUser(
            tx,
            actor,
            kind === 'promoted' ? 'promote-admin' : kind === 'demoted' ? 'demote-admin' : 'update',
            id,
            { before: snapshot(before), after: snapshot(after) },
            requestId,
          );
          const account = (await load(tx, id)) as StaffAccount;
          return { account, adminChange: changeOf(kind, account) };
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
    ): Promise<StaffWrite> {
      return db.transaction(async (tx) =>
        guardAdmins(tx, async () => {
          const grantor = await grantorOf(tx, actor);
          const before = await lockForWrite(tx, id, version, (u) => assertMayManage(grantor, u));
          if (before.id === actor.id) throw new StaffAdminError('SELF_CHANGE');
          await writeUser(tx, id, { isActive: active });
          if (!active) {
            await tx.delete(sessions).where(eq(sessions.userId, id));
            await tx
              .delete(staffInvites)
              .where(and(eq(staffInvites.userId, id), isNull(staffInvites.usedAt)));
          }
          await auditUser(
            tx,
            actor,
            active ? 'reactivate' : 'deactivate',
            id,
            { before: snapshot(before), after: { ...snapshot(before), isActive: active } },
            requestId,
          );
          const account = (await load(tx, id)) as StaffAccount;
          return {
            account,
            adminChange: changeOf(adminChangeKind(before, { ...before, isActive: active }), account),
          };
        }),
      );
    },

    /** Whom a change to the administrators is mailed to: the other active administrators. */
    adminRecipients: (exclude: (string | null)[]) => adminRecipients(db, exclude),
    ...createStaffLinksRepository(db),
    ...createStaffProfileRepository(db),
  };
}
export type StaffAdminRepository = ReturnType<typeof createStaffAdminRepository>;
