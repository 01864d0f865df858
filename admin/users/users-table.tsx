import type { StaffUser } from '@qahwa/schema/contracts';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/ui/data-table';
import { UserRoleBadge, UserStatusBadge } from './user-badges';

/** Every staff account with its role, status and how much it may reach; the name opens its page. */
export function UsersTable({ users, selfId, empty }: { users: StaffUser[]; selfId: string; empty: string }) {
  const t = useTranslations('UsersTable');
  const tTable = useTranslations('Table');
  const modulesText = (count: number) => (count === 0 ? t('dashboardOnly') : t('moduleCount', { count }));
  const columns = [
    { key: 'name', header: t('name') },
    { key: 'email', header: t('email'), className: 'hidden md:table-cell' },
    { key: 'role', header: t('role') },
    { key: 'status', header: t('status') },
    { key: 'modules', header: t('modules'), className: 'hidden sm:table-cell' },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      state={{ status: 'ready', empty: users.length === 0 }}
      loadingLabel={tTable('loading')}
      empty={{ title: empty }}
    >
      {users.map((u) => (
        <tr key={u.id} className="hover:bg-stone-50">
          <td className="px-4 py-3">
            <Link href={`/backend/users/${u.id}`} className="font-medium text-coffee-800 hover:underline">
              {u.name}
            </Link>
            {u.id === selfId ? <span className="ms-1 text-xs text-stone-500">{t('you')}</span> : null}
            <div className="text-xs text-stone-500 md:hidden" dir="ltr">
              {u.email}
            </div>
          </td>
          <td className="hidden px-4 py-3 text-stone-700 md:table-cell">
            <span dir="ltr">{u.email}</span>
          </td>
          <td className="px-4 py-3">
            <UserRoleBadge role={u.role} />
          </td>
          <td className="px-4 py-3">
            <UserStatusBadge status={u.status} />
          </td>
          <td className="hidden px-4 py-3 text-stone-600 sm:table-cell">
            {u.role === 'ADMIN'
              ? t('allModules')
              : modulesText(u.permissions.filter((p) => p.canView).length)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
