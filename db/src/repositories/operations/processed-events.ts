import type { DbOrTx } from '../../client';
import { processedEvents } from '../../schema';

/**
 * The processed-event guard: claims events for a consumer in the caller's transaction, in one
 * statement, and answers the ids claimed now. An id not among them was applied before (or is
 * listed twice: only its first copy is claimed). The read-model change must commit in the same
 * transaction, so a redelivery finds the row and changes nothing.
 */
export async function claimEvents(
  tx: DbOrTx,
  consumer: string,
  eventIds: readonly string[],
): Promise<Set<string>> {
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return new Set();
  const fresh = await tx
    .insert(processedEvents)
    .values(ids.map((eventId) => ({ consumer, eventId })))
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return new Set(fresh.map((r) => r.eventId));
}

/** `claimEvents` for one event: true the first time, false for a redelivery or a second copy. */
export async function claimEvent(tx: DbOrTx, consumer: string, eventId: string): Promise<boolean> {
  return (await claimEvents(tx, consumer, [eventId])).has(eventId);
}
