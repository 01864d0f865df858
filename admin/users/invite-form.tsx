'use client';

import { ADMIN_ROLE, type SessionUser } from '@qahwa/schema';
import { mayGrant } from '@qahwa/schema/staff';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { buttonClass, FormField, inputClass } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { type GridModule, gridFrom, PermissionGrid, permissionsFrom } from './permission-grid';

interface Invited {
  user: { id: string; email: string };
  mailSent: boolean;
}

/**
 * Name, e-mail, role, the invitee's language and the grid; the gateway e-mails the one-time link.
 * What `viewer` may not give is not offered (docs/users.md "Who may change whom"): the role is
 * Staff unless they are an administrator, and the grid's boxes they do not hold are off. The
 * gateway refuses the rest anyway.
 */
export function InviteForm({
  modules,
  viewer,
}: {
  modules: readonly GridModule[];
  viewer: Pick<SessionUser, 'role' | 'permissions'>;
}) {
  const isAdmin = viewer.role === ADMIN_ROLE;
  const t = useTranslations('InviteForm');
  const tEditor = useTranslations('UserEditor');
  const tBadges = useTranslations('UserBadges');
  const tLang = useTranslations('LanguageMenu');
  const tForm = useTranslations('Form');
  const locale = useLocale();
  const router = useRouter();
  const toast = useToast();
  const [role, setRole] = useState<'STAFF' | 'ADMIN'>('STAFF');
  const [rows, setRows] = useState(() => gridFrom(modules, []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const missing: Record<string, string> = {};
    if (!name) missing.name = tForm('required');
    if (!email) missing.email = tForm('required');
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api<Invited>('POST', '/admin/users', {
        name,
        email,
        role,
        locale: form.get('locale') === 'ar' ? 'ar' : 'en',
        permissions: role === 'ADMIN' ? [] : permissionsFrom(rows),
      });
      if (res.mailSent) toast.success(t('sent', { email: res.user.email }));
      else toast.error(t('notSent'));
      router.push(`/backend/users/${res.user.id}`);
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        setFieldErrors(
          Object.fromEntries(
            e.issues.map((i) => [i.path.replace(/^\/body\//, '').split('/')[0] ?? '', i.message]),
          ),
        );
      } else setError(tForm('saveFailed'));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2">
        <FormField id="invite-name" label={t('name')} error={fieldErrors.name} required>
          <input name="name" autoComplete="off" maxLength={100} className={inputClass} />
        </FormField>
        <FormField id="invite-email" label={t('email')} error={fieldErrors.email} required>
          <input
            name="email"
            type="email"
            dir="ltr"
            autoComplete="off"
            maxLength={254}
            className={inputClass}
          />
        </FormField>
        <FormField id="invite-role" label={t('role')}>
          <select
            name="role"
            value={role}
            disabled={!isAdmin}
            onChange={(e) => setRole(e.target.value === 'ADMIN' && isAdmin ? 'ADMIN' : 'STAFF')}
            className={inputClass}
          >
            <option value="STAFF">{tBadges('role.STAFF')}</option>
            {isAdmin ? <option value="ADMIN">{tBadges('role.ADMIN')}</option> : null}
          </select>
        </FormField>
        <FormField id="invite-locale" label={t('language')}>
          <select name="locale" defaultValue={locale} className={inputClass}>
            <option value="en">{tLang('en')}</option>
            <option value="ar">{tLang('ar')}</option>
          </select>
        </FormField>
      </div>
      <PermissionGrid
        modules={modules}
        rows={rows}
        onChange={setRows}
        isAdmin={role === 'ADMIN'}
        disabled={busy}
        grantable={(module, action) => mayGrant(viewer, module, action)}
      />
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t('sending') : t('submit')}
        </button>
      </div>
      <span className="sr-only" aria-live="polite">
        {busy ? tEditor('saving') : ''}
      </span>
    </form>
  );
}
