import { can } from '@qahwa/schema';
import { RETURN_NUMBER_PATTERN } from '@qahwa/schema/returns';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminConfig } from '@/lib/config';
import { currentSession } from '@/lib/current-user';
import { Denied, loadOrDeny } from '@/lib/load-or-deny';
import { getReturn } from '@/returns/return-data';
import { ReturnDetailView } from '@/returns/return-detail';

export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ number: string }>;
}): Promise<Metadata> {
  const { number } = await params;
  return { title: (await getTranslations('ReturnDetail'))('title', { number: decodeURIComponent(number) }) };
}

export default async function ReturnPage({ params }: { params: Promise<{ number: string }> }) {
  const number = decodeURIComponent((await params).number);
  const [t, result, user] = await Promise.all([
    getTranslations('ReturnDetail'),
    // Anything that is not a return number is no return: no call to the gateway for it.
    loadOrDeny(() => getReturn(number), { notFound: true, valid: RETURN_NUMBER_PATTERN.test(number) }),
    currentSession(),
  ]);
  if (!result.ok) return <Denied title={t('title', { number })} reason={result.reason} />;
  return (
    <ReturnDetailView
      detail={result.data}
      canEdit={user ? can(user, 'orders', 'edit') : false}
      temporal={{ url: adminConfig.temporalUiUrl, namespace: adminConfig.temporalNamespace }}
    />
  );
}
