import { type DbOrTx, recordAudit } from '@qahwa/db';
import type { MenuModule } from '@qahwa/schema';
import type { FastifyRequest } from 'fastify';
import { auditActor } from '../auth/access';

export interface StaffWrite {
  module: MenuModule;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The audit entry of a catalogue or marketing write, by the one recorder
 * (`recordAudit`), inside the write's own transaction, so an entry exists exactly when the write
 * committed.
 */
export async function auditStaffWrite(tx: DbOrTx, req: FastifyRequest, write: StaffWrite): Promise<void> {
  await recordAudit(tx, { user: await auditActor(req), ...write, requestId: String(req.id) });
}
