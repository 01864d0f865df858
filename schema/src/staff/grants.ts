import { MENU_MODULES } from '../contracts/auth';
import { ADMIN_ROLE, can, type StaffAction } from '../menu/menu';

/*
 * Who may give which access (docs/users.md "Who may change whom"). One rule, used by the staff
 * repository for every write of the users screen and mirrored by the back office's forms: a
 * member of staff with `users: edit` gives only what they hold themselves, and only an ADMIN
 * creates, promotes, demotes, edits, deactivates or resets an ADMIN.
 */

interface Holder {
  role: string;
  permissions: readonly { module: string; canView: boolean; canEdit?: boolean | undefined }[];
}

/** Why an account's role and grid are beyond what `actor` may give. */
export type GrantRefusal = 'ADMIN_ONLY' | 'GRANT_NOT_HELD';

/** Whether `actor` holds `action` on `module`: what they may tick in someone else's grid. */
export function mayGrant(actor: Holder, module: string, action: StaffAction): boolean {
  const known = MENU_MODULES.find((m) => m === module);
  return known !== undefined && can(actor, known, action);
}

/**
 * Null when `actor` may give an account this role and grid (an invitation, an edit's result);
 * otherwise the reason. ADMIN may give anything. Anyone else never gives ADMIN, and never a view
 * or an edit of a module they do not hold themselves (an unknown module counts as not held).
 */
export function grantRefusal(actor: Holder, target: Holder): GrantRefusal | null {
  if (actor.role === ADMIN_ROLE) return null;
  if (target.role === ADMIN_ROLE) return 'ADMIN_ONLY';
  for (const p of target.permissions) {
    const edit = p.canEdit === true;
    if ((p.canView || edit) && !mayGrant(actor, p.module, 'view')) return 'GRANT_NOT_HELD';
    if (edit && !mayGrant(actor, p.module, 'edit')) return 'GRANT_NOT_HELD';
  }
  return null;
}

/** Why `actor` may not touch an existing account at all (edit, deactivate, reactivate, resend, reset). */
export type ManageRefusal = 'ADMIN_ONLY' | 'ACCOUNT_ABOVE';

/**
 * Null when `actor` may manage this existing account: it holds nothing `actor` could not have
 * given it. An account above them (an ADMIN, or a module or action they lack) is someone else's
 * to change: deactivating or resetting it is no grant, but it is how a rogue colleague would
 * lock out or take over the people who could stop them.
 */
export function manageRefusal(actor: Holder, account: Holder): ManageRefusal | null {
  const refusal = grantRefusal(actor, account);
  if (refusal === null) return null;
  return refusal === 'ADMIN_ONLY' ? 'ADMIN_ONLY' : 'ACCOUNT_ABOVE';
}
