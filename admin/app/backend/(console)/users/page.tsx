import { can } from '@qahwa/schema';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { buttonClass, inputClass } from '@/ui/form-field';
import { PageHeader } from '@/ui/page-header';
import { listUsers, userFilterFrom } from '@/users/user-data';
import { UsersTable } from '@/users/users-table';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('UsersPage'))('title') };
}

export default async function UsersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, tBadges, params, user] = await Promise.all([
    getTranslations('UsersPage'),
    getTranslations('UserBadges'),
    searchParams,
    currentSession(),
  ]);
  const filter = userFilterFrom(params);
  const result = await loadOrDeny(() => listUsers(filter));
  if (!result.ok) return <Denied title={t('title')} reason={result.reason} />;
  const list = result.data;
  const filtered = Object.keys(filter).length > 0;
  return (
    <>
      <PageHeader title={t('title')}>
        <div className="flex items-center gap-3">
          <p className="text-sm text-stone-600">{t('summary', { total: list.total })}</p>
          {user && can(user, 'users', 'edit') ? (
            <Link href="/backend/users/new" className={buttonClass.primary}>
              {t('invite')}
            </Link>
          ) : null}
        </div>
      </PageHeader>
      {/* A plain GET form: the filter lives in the URL, works without JavaScript and can be shared. */}
      <search className="mb-4">
        <form method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <label htmlFor="users-q" className="block text-sm font-medium text-stone-700">
              {t('search')}
            </label>
            <input
              id="users-q"
              name="q"
              defaultValue={filter.q ?? ''}
              maxLength={120}
              className={`mt-1 ${inputClass}`}
            />
          </div>
          <div>
            <label htmlFor="users-status" className="block text-sm font-medium text-stone-700">
              {t('status')}
            </label>
            <select
              id="users-status"
              name="status"
              defaultValue={filter.status ?? ''}
              className={`mt-1 ${inputClass}`}
            >
              <option value="">{t('any')}</option>
              {(['active', 'invited', 'inactive'] as const).map((s) => (
                <option key={s} value={s}>
                  {tBadges(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="users-role" className="block text-sm font-medium text-stone-700">
              {t('role')}
            </label>
            <select
              id="users-role"
              name="role"
              defaultValue={filter.role ?? ''}
              className={`mt-1 ${inputClass}`}
            >
              <option value="">{t('any')}</option>
              <option value="ADMIN">{tBadges('role.ADMIN')}</option>
              <option value="STAFF">{tBadges('role.STAFF')}</option>
            </select>
          </div>
          <button type="submit" className={buttonClass.secondary}>
            {t('apply')}
          </button>
        </form>
      </search>
      <UsersTable users={list.users} selfId={user?.id ?? ''} empty={filtered ? t('noMatch') : t('empty')} />
    </>
  );
}
