import { z } from 'zod';

/**
 * The envelope of every domain event (DESIGN.md "Events"): id (uuid, also the Nats-Msg-Id so
 * JetStream drops duplicates), type, version, occurredAt and typed data. Ids and clocks are
 * passed in: this package does no I/O and reads no clock.
 */
export const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.uuid(),
    type: z.literal(type),
    version: z.literal(1),
    occurredAt: z.iso.datetime(),
    /** Follows a checkout from the browser through gateway, NATS and Temporal. */
    requestId: z.string().optional(),
    data,
  });

/** Money in events is integer fils: consumers never re-round. */
export const FilsAmount = z.number().int().nonnegative();
