import { randomUUID } from 'node:crypto';
import { type AdminProduct, type CatalogueChanged, makeEvent } from '@qahwa/schema';
import type { DbOrTx } from '../../client';
import type { AuditActor } from '../audit/audit';
import { createOutboxRepository } from '../operations/outbox';

/** Why a catalogue write was refused; the gateway words each one for the member of staff. */
export type CatalogueRefusal =
  | 'productNotFound'
  | 'categoryNotFound'
  | 'productChanged'
  | 'productSlugTaken'
  | 'skuTaken'
  | 'categorySlugTaken'
  | 'categoryInUse';

export class CatalogueWriteError extends Error {
  override readonly name = 'CatalogueWriteError';
  constructor(
    readonly refusal: CatalogueRefusal,
    readonly detail: { current?: AdminProduct; count?: number } = {},
  ) {
    super(refusal);
  }
}

/** Who writes and under which request: every write is audited in its own transaction. */
export interface WriteContext {
  actor: AuditActor;
  requestId?: string;
}

/** PostgreSQL's unique violation, told apart by the constraint it names. */
function uniqueRefusal(error: unknown, table: 'products' | 'categories'): CatalogueRefusal | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  if (!pg) return null;
  if (table === 'categories') return 'categorySlugTaken';
  return pg.constraint?.includes('sku') ? 'skuTaken' : 'productSlugTaken';
}

/** Runs a write, turning a unique violation on `table` into the refusal staff can read. */
export async function guardUnique<T>(table: 'products' | 'categories', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = uniqueRefusal(error, table);
    if (refusal) throw new CatalogueWriteError(refusal);
    throw error;
  }
}

/**
 * The CatalogueChanged a product or category write appends in its own transaction, so the
 * gateway's in-memory catalogue and the storefront's pages follow within a second of the commit.
 */
export function catalogueChanges(db: DbOrTx) {
  const outbox = createOutboxRepository(db);
  return async function changed(
    tx: DbOrTx,
    reason: 'product' | 'category',
    productIds: string[],
    requestId: string | undefined,
  ) {
    const event: CatalogueChanged = makeEvent(
      'CatalogueChanged',
      { reason, productIds: [...new Set(productIds)].sort() },
      { id: randomUUID(), occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}) },
    );
    await outbox.append(event, tx);
  };
}
