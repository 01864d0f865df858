import { ADMIN_ROLE } from '@qahwa/schema';
import { grantRefusal, manageRefusal } from '@qahwa/schema/staff';
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { users } from '../../schema';
import type { AuditActor } from '../audit/audit';
import {
  INVITE_PENDING_HASH,
  StaffAdminError,
  type StaffPermissionRow,
  type UserRow,
} from './staff-accounts';

/*
 * Who may change whom on the users screen (docs/users.md "Who may change whom"): the rule is
 * schema's `grantRefusal`/`manageRefusal`, applied here inside each write's transaction to the
 * actor as the database holds them at that moment, not as their session read them.
 */

interface Grantor {
  role: string;
  permissions: StaffPermissionRow[];
}

/** The actor's role and grid now; an actor who is gone or deactivated holds nothing. */
export async function grantorOf(tx: DbOrTx, actor: AuditActor): Promise<Grantor> {
  if (!actor.id) return { role: '', permissions: [] };
  const [u] = await tx
    .select({ role: users.role, permissions: users.permissions, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!u?.isActive) return { role: '', permissions: [] };
  return { role: u.role, permissions: u.permissions };
}

/** Throws unless `grantor` may give an account this role and grid. */
export function assertMayGive(grantor: Grantor, target: { role: string; permissions: StaffPermissionRow[] }) {
  const refusal = grantRefusal(grantor, target);
  if (refusal) throw new StaffAdminError(refusal);
}

/** Throws unless `grantor` may touch this existing account at all. */
export function assertMayManage(grantor: Grantor, account: Pick<UserRow, 'role' | 'permissions'>) {
  const refusal = manageRefusal(grantor, account);
  if (refusal) throw new StaffAdminError(refusal);
}

/** A change to who holds ADMIN: mailed to the other administrators (docs/users.md). */
export type AdminChangeKind = 'invited' | 'promoted' | 'demoted' | 'deactivated' | 'reactivated';

export interface AdminChange {
  kind: AdminChangeKind;
  account: { id: string; name: string; email: string };
  /** The account's version after the change: with the account id, names this change once. */
  version: string;
}

/** What a role or status write did to the set of administrators, if anything. */
export function adminChangeKind(
  before: Pick<UserRow, 'role' | 'isActive'> | null,
  after: Pick<UserRow, 'role' | 'isActive'>,
): AdminChangeKind | null {
  const was = before?.role === ADMIN_ROLE;
  const is = after.role === ADMIN_ROLE;
  if (!before) return is ? 'invited' : null;
  if (!was && is) return 'promoted';
  if (was && !is) return 'demoted';
  if (is && before.isActive !== after.isActive) return after.isActive ? 'reactivated' : 'deactivated';
  return null;
}

/** Every active administrator who has signed in at least once, except `exclude` (the actor, the account). */
export async function adminRecipients(tx: DbOrTx, exclude: (string | null)[]) {
  const ids = exclude.filter((id): id is string => id !== null);
  return tx
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.role, ADMIN_ROLE),
        eq(users.isActive, true),
        ne(users.passwordHash, INVITE_PENDING_HASH),
        ...(ids.length > 0 ? [notInArray(users.id, ids)] : []),
      ),
    )
    .orderBy(asc(users.id));
}
