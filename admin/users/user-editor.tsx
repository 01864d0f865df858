'use client';

import { ADMIN_ROLE, type SessionUser } from '@qahwa/schema';
import type { StaffUser } from '@qahwa/schema/contracts';
import { manageRefusal, mayGrant } from '@qahwa/schema/staff';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { type GridModule, gridFrom, PermissionGrid, permissionsFrom } from './permission-grid';

/**
 * One account: name, role and the grid saved together with the version the page was loaded at
 * (someone else's change in between is refused and said so), and the account's actions. Your own
 * account: name only here; role, grid and status are another administrator's to change. An account
 * above `viewer` (an administrator, or access they lack) is read-only to them, and the role and
 * boxes they could not give are off (docs/users.md "Who may change whom"; the gateway decides).
 */
export function UserEditor({
  user,
  modules,
  isSelf,
  canEdit: mayEditUsers,
  viewer,
}: {
  user: StaffUser;
  modules: readonly GridModule[];
  isSelf: boolean;
  canEdit: boolean;
  viewer: Pick<SessionUser, 'role' | 'permissions'>;
}) {
  const refusal = mayEditUsers ? manageRefusal(viewer, user) : null;
  const canEdit = mayEditUsers && refusal === null;
  const viewerIsAdmin = viewer.role === ADMIN_ROLE;
  const t = useTranslations('UserEditor');
  const tPage = useTranslations('UserPage');
  const tBadges = useTranslations('UserBadges');
  const router = useRouter();
  const toast = useToast();
  const [role, setRole] = useState(user.role === 'ADMIN' ? 'ADMIN' : 'STAFF');
  const [rows, setRows] = useState(() => gridFrom(modules, user.permissions));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locked = !canEdit || busy;
  const grants = canEdit && !isSelf;

  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    try {
      const message = await work();
      if (message) toast.success(message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    void run(async () => {
      await api('PATCH', `/admin/users/${user.id}`, {
        version: user.version,
        name,
        ...(grants ? { role, permissions: role === 'ADMIN' ? user.permissions : permissionsFrom(rows) } : {}),
      });
      return t('saved');
    });
  }

  const link = (action: 'resend-invite' | 'reset-password', done: string) =>
    run(async () => {
      const res = await api<{ mailSent: boolean }>('POST', `/admin/users/${user.id}/${action}`);
      if (!res.mailSent) {
        toast.error(t('mailFailed'));
        return null;
      }
      return done;
    });

  const setActive = (active: boolean) =>
    run(async () => {
      await api('POST', `/admin/users/${user.id}/${active ? 'reactivate' : 'deactivate'}`, {
        version: user.version,
      });
      return active ? t('reactivated', { name: user.name }) : t('deactivated', { name: user.name });
    });

  return (
    <div className="space-y-6">
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {isSelf ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {tPage('self')}
        </p>
      ) : null}
      {refusal ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {tPage(refusal === 'ADMIN_ONLY' ? 'adminOnly' : 'above')}
        </p>
      ) : null}
      <form onSubmit={save} noValidate className="space-y-6">
        <section
          aria-labelledby="user-details"
          className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <h2 id="user-details" className="mb-4 text-lg font-semibold text-stone-900">
            {tPage('details')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="user-name" label={t('name')} required>
              <input
                name="name"
                defaultValue={user.name}
                maxLength={100}
                disabled={locked}
                className={inputClass}
              />
            </FormField>
            <FormField id="user-role" label={t('role')}>
              <select
                value={role}
                disabled={locked || !grants}
                onChange={(e) => setRole(e.target.value === 'ADMIN' ? 'ADMIN' : 'STAFF')}
                className={inputClass}
              >
                <option value="STAFF">{tBadges('role.STAFF')}</option>
                {viewerIsAdmin || role === 'ADMIN' ? (
                  <option value="ADMIN">{tBadges('role.ADMIN')}</option>
                ) : null}
              </select>
            </FormField>
          </div>
        </section>
        <section aria-labelledby="user-access" className="space-y-3">
          <h2 id="user-access" className="text-lg font-semibold text-stone-900">
            {tPage('access')}
          </h2>
          <PermissionGrid
            modules={modules}
            rows={rows}
            onChange={setRows}
            isAdmin={role === 'ADMIN'}
            disabled={locked || !grants}
            grantable={(module, action) => mayGrant(viewer, module, action)}
          />
        </section>
        {canEdit ? (
          <div className="flex justify-end">
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {busy ? t('saving') : t('save')}
            </button>
          </div>
        ) : null}
      </form>
      {grants ? (
        <section
          aria-labelledby="user-actions"
          className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <h2 id="user-actions" className="mb-4 text-lg font-semibold text-stone-900">
            {tPage('actions')}
          </h2>
          <div className="flex flex-wrap gap-3">
            {user.status === 'invited' ? (
              <button
                type="button"
                disabled={busy}
                className={buttonClass.secondary}
                onClick={() => link('resend-invite', t('resent'))}
              >
                {t('resend')}
              </button>
            ) : null}
            {user.status === 'active' ? (
              <button
                type="button"
                disabled={busy}
                className={buttonClass.secondary}
                onClick={() => {
                  if (window.confirm(t('resetConfirm', { name: user.name })))
                    void link('reset-password', t('resetDone', { name: user.name }));
                }}
              >
                {t('reset')}
              </button>
            ) : null}
            {user.status === 'inactive' ? (
              <button
                type="button"
                disabled={busy}
                className={buttonClass.secondary}
                onClick={() => setActive(true)}
              >
                {t('reactivate')}
              </button>
            ) : (
              <button
                type="button"
                disabled={busy}
                className={buttonClass.danger}
                onClick={() => {
                  if (window.confirm(t('deactivateConfirm', { name: user.name }))) void setActive(false);
                }}
              >
                {t('deactivate')}
              </button>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
