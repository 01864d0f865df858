import { randomUUID } from 'node:crypto';
import { createStaffRepository, tables } from '@qahwa/db';
import type { Permission } from '@qahwa/schema';
import type { Gateway } from './harness';

/**
 * A member of staff with exactly these permissions, signed in: the cookie header the back office
 * would send. Built without the sign-in route (its rate limit is not what these tests are about).
 */
export async function staffCookie(
  gw: Gateway,
  who: { role?: string; permissions?: Permission[]; name?: string } = {},
): Promise<{ cookie: string; userId: string; email: string }> {
  const email = `staff-${randomUUID()}@qahwa.local`;
  const [user] = await gw.db
    .insert(tables.users)
    .values({
      email,
      name: who.name ?? 'Test Staff',
      passwordHash: 'not-used',
      role: who.role ?? 'STAFF',
      permissions: who.permissions ?? [],
    })
    .returning({ id: tables.users.id });
  if (!user) throw new Error('user not created');
  const { token } = await createStaffRepository(gw.db).createSession(user.id, 60 * 60 * 1000);
  return { cookie: `qahwa_staff_session=${gw.app.signCookie(token)}`, userId: user.id, email };
}
