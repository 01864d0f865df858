import type { ReactNode } from 'react';
import { requireUser } from '@/lib/current-user';
import { AdminShell } from '@/shell/admin-shell';

// Staff must always see the current state (a new order on reload): never cache.
export const dynamic = 'force-dynamic';

/** Every back-office page except sign-in: the gateway decides whether the session is valid. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return <AdminShell user={user}>{children}</AdminShell>;
}
