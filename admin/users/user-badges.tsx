import type { StaffStatus } from '@qahwa/schema/contracts';
import { useTranslations } from 'next-intl';

const STATUS_TONE: Record<StaffStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  invited: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  inactive: 'bg-stone-100 text-stone-700 ring-stone-500/20',
};

const badge =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

export function UserStatusBadge({ status }: { status: StaffStatus }) {
  const t = useTranslations('UserBadges');
  return <span className={`${badge} ${STATUS_TONE[status]}`}>{t(`status.${status}`)}</span>;
}

/** ADMIN may do everything (SPEC 6), so it stands out; any other role reads as staff. */
export function UserRoleBadge({ role }: { role: string }) {
  const t = useTranslations('UserBadges');
  return role === 'ADMIN' ? (
    <span className={`${badge} bg-coffee-50 text-coffee-800 ring-coffee-600/30`}>{t('role.ADMIN')}</span>
  ) : (
    <span className={`${badge} bg-sky-50 text-sky-800 ring-sky-600/20`}>{t('role.STAFF')}</span>
  );
}
