import 'server-only';
import { AccessDenied } from '@/ui/access-denied';
import { NotFoundMessage } from '@/ui/not-found-message';
import { PageHeader } from '@/ui/page-header';
import { redirectToLogin } from './current-user';
import { isGatewayError } from './gateway-error';

/** Why a console page shows no data: the gateway's 403, or (where asked for) no such record. */
export type Denial = 'FORBIDDEN' | 'NOT_FOUND';

export type Loaded<T> = { ok: true; data: T } | { ok: false; reason: Denial };

/**
 * A console page's data call, with the gateway's refusals turned into the page's own answers: 401
 * (the session ended between calls) sends the browser to sign-in, 403 is "no access", and with
 * `notFound` a 404 (or an id that cannot be one: `valid: false`, no call made) is "not found".
 * Anything else is thrown to the error boundary, which shows SPEC 2.8's fallback.
 */
export async function loadOrDeny<T>(
  load: () => Promise<T>,
  options: { notFound?: boolean; valid?: boolean } = {},
): Promise<Loaded<T>> {
  if (options.valid === false) return { ok: false, reason: 'NOT_FOUND' };
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    if (isGatewayError(error, 'FORBIDDEN')) return { ok: false, reason: 'FORBIDDEN' };
    if (options.notFound && isGatewayError(error) && error.status === 404) {
      return { ok: false, reason: 'NOT_FOUND' };
    }
    if (!isGatewayError(error, 'UNAUTHORIZED')) throw error;
  }
  // Outside the catch: the redirect is itself thrown, and must not be taken for the call's error.
  return redirectToLogin();
}

/** The page a denial draws: its title, then "no access" or "not found". */
export function Denied({ title, reason }: { title: string; reason: Denial }) {
  return (
    <>
      <PageHeader title={title} />
      {reason === 'FORBIDDEN' ? <AccessDenied /> : <NotFoundMessage />}
    </>
  );
}
