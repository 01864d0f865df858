import 'server-only';
import type { SessionUser } from '@qahwa/schema';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { loginPathFor, PATH_HEADER } from '@/auth/redirects';
import { getSessionUser } from './gateway';

/** The session, asked of the gateway once per request however many components need it. */
export const currentSession = cache(getSessionUser);

/** For pages inside the console: the layout has already sent signed-out visitors away. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentSession();
  if (!user) redirect(loginPathFor((await headers()).get(PATH_HEADER)));
  return user;
}

/** A gateway 401 on a data call (the session expired between calls): back to sign-in. */
export async function redirectToLogin(): Promise<never> {
  redirect(loginPathFor((await headers()).get(PATH_HEADER)));
}
