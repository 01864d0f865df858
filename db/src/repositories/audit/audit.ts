import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { auditLog } from '../../schema';

/** Who made a staff write: the session user, as the gateway knows it. */
export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  user: AuditActor;
  /** The back-office module the write belongs to (a MenuModule: products, reviews, logs, …). */
  module: string;
  /** create, update, delete, archive, restore, approve, reject, redrive, upload, … */
  action: string;
  entityType: string;
  entityId: string | null;
  /** The row as it was (null for a create) and as it is now (null for a delete). */
  before: unknown;
  after: unknown;
  requestId?: string;
}

/**
 * Records one staff write (who, when, module, entity, before and after). Call it with the
 * write's own transaction, so an entry exists exactly when the write committed: a rolled-back
 * write leaves no entry and a committed one is never missing its entry. Append-only: nothing
 * updates or deletes audit rows.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: entry.user.id,
    userEmail: entry.user.email,
    module: entry.module,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    requestId: entry.requestId ?? null,
  });
}

/** Dates become ISO strings and undefined becomes null, as jsonb stores them. */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

export type AuditRow = typeof auditLog.$inferSelect;

export function createAuditRepository(db: DbOrTx) {
  return {
    /** Newest first; `before` pages on (created before that instant). For the logs screen and tests. */
    async list(filter: { module?: string; entityId?: string; before?: Date; limit?: number } = {}) {
      const where: SQL[] = [];
      if (filter.module) where.push(eq(auditLog.module, filter.module));
      if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
      if (filter.before) where.push(lt(auditLog.createdAt, filter.before));
      return db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.createdAt))
        .limit(Math.min(filter.limit ?? 50, 200));
    },
  };
}
