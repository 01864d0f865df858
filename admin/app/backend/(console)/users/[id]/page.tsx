import { can } from '@qahwa/schema';
import type { StaffUser } from '@qahwa/schema/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { redirectToLogin, requireUser } from '@/lib/current-user';
import { GatewayError, isGatewayError } from '@/lib/gateway-error';
import { AccessDenied } from '@/ui/access-denied';
import { NotFoundMessage } from '@/ui/not-found-message';
import { PageHeader } from '@/ui/page-header';
import { gridModules } from '@/users/modules';
import { UserRoleBadge, UserStatusBadge } from '@/users/user-badges';
import { getUser } from '@/users/user-data';
import { UserEditor } from '@/users/user-editor';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Load = { ok: true; user: StaffUser } | { ok: false; reason: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

async function load(id: string): Promise<Load> {
  // Anything that is not an account id is no account: no call to the gateway for it.
  if (!UUID.test(id)) return { ok: false, reason: 'NOT_FOUND' };
  try {
    return { ok: true, user: await getUser(id) };
  } catch (error) {
    for (const reason of ['UNAUTHORIZED', 'FORBIDDEN'] as const) {
      if (isGatewayError(error, reason)) return { ok: false, reason };
    }
    if (error instanceof GatewayError && error.status === 404) return { ok: false, reason: 'NOT_FOUND' };
    throw error;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const result = await load((await params).id);
  return { title: result.ok ? result.user.name : (await getTranslations('UsersPage'))('title') };
}

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [t, tUsers, format, me, result, modules] = await Promise.all([
    getTranslations('UserPage'),
    getTranslations('UsersPage'),
    getFormatter(),
    requireUser(),
    load(id),
    gridModules(),
  ]);
  if (!result.ok && result.reason === 'UNAUTHORIZED') return redirectToLogin();
  if (!result.ok) {
    return (
      <>
        <PageHeader title={tUsers('title')} />
        {result.reason === 'FORBIDDEN' ? <AccessDenied /> : <NotFoundMessage />}
      </>
    );
  }
  const { user } = result;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="max-w-4xl">
      <Link href="/backend/users" className="text-sm text-coffee-800 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ←
        </span>{' '}
        {t('back')}
      </Link>
      <PageHeader title={user.name}>
        <div className="flex items-center gap-2">
          <UserRoleBadge role={user.role} />
          <UserStatusBadge status={user.status} />
        </div>
      </PageHeader>
      <div className="-mt-4 mb-6 space-y-1 text-sm text-stone-600">
        <p>
          <span dir="ltr">{user.email}</span>
        </p>
        <p>{t('since', { date: date(user.createdAt) })}</p>
        {user.pendingLink ? (
          <p>
            {user.pendingLink.purpose === 'invite'
              ? t('pendingInvite', { date: date(user.pendingLink.expiresAt) })
              : t('pendingReset', { date: date(user.pendingLink.expiresAt) })}
          </p>
        ) : null}
      </div>
      <UserEditor
        user={user}
        modules={modules}
        isSelf={user.id === me.id}
        canEdit={can(me, 'users', 'edit')}
        viewer={me}
      />
    </div>
  );
}
