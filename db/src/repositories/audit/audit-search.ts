import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { auditLog } from '../../schema';
import { gulfDaysWhere } from '../gulf-days';

export interface AuditSearch {
  /** The member of staff by the e-mail written with the entry (exact, any case). */
  user?: string;
  module?: string;
  /** Gulf calendar days, both ends included. */
  from?: string;
  to?: string;
}

/**
 * The logs screen's audit log (docs/payments-logs.md): staff writes filtered by user, module and days, newest
 * first, paged. Entries are written by `recordAudit` (audit.ts) and never change.
 */
export function createAuditSearchRepository(db: DbOrTx) {
  return {
    async search(filter: AuditSearch, page: { limit: number; offset: number }) {
      const where: SQL[] = [];
      if (filter.user) where.push(sql`lower(${auditLog.userEmail}) = lower(${filter.user})`);
      if (filter.module) where.push(eq(auditLog.module, filter.module));
      where.push(...gulfDaysWhere(auditLog.createdAt, filter));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total], users] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition),
        db
          .selectDistinct({ email: auditLog.userEmail })
          .from(auditLog)
          .orderBy(asc(auditLog.userEmail))
          .limit(200),
      ]);
      return { rows, total: total?.n ?? 0, users: users.map((u) => u.email) };
    },
  };
}
