import type { JsMsg } from '@nats-io/jetstream';
import { InvalidEventError } from './errors';

type Schema<T> = {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: ZodLikeIssue[] } };
};
type ZodLikeIssue = { path: PropertyKey[]; message: string };

/** An event's `type`; a message that is no envelope is an `InvalidEventError` (terminated). */
export function eventType(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new InvalidEventError('message is not an event envelope (no type)');
  return type;
}

/**
 * The event validated against the contract of its type, or null when a consumer does not keep
 * that type (new types on the same subjects must not block the stream). An event of a kept type
 * that breaks its contract is an `InvalidEventError` naming the fields, for the dead letter.
 */
export function parseEnvelope<S extends Record<string, Schema<unknown>>>(
  raw: unknown,
  schemas: S,
): (S[keyof S] extends Schema<infer T> ? T : never) | null {
  const type = eventType(raw);
  if (!Object.hasOwn(schemas, type)) return null;
  const parsed = schemas[type]!.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new InvalidEventError(`${type} does not match its contract: ${issues}`);
  }
  return parsed.data as S[keyof S] extends Schema<infer T> ? T : never;
}

/** A message's JSON body; a body that is not JSON is an `InvalidEventError` (terminated, not retried). */
export function messageJson(m: JsMsg): unknown {
  try {
    return m.json();
  } catch (err) {
    throw new InvalidEventError(`message ${m.seq} is not JSON`, { cause: err });
  }
}
