import type { JsMsg } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { type ConsumerCounters, type MessageSettler, recordError } from './message-settling';

/**
 * A consumer that applies messages in groups (a projection whose hot rows would otherwise be
 * written once per message): the first message waits up to `lingerMs` for more, then `handle`
 * gets them all (at most `max`), one group at a time, in stream order. Resolve → every message is
 * acked. Throw → each message of the group is handled alone (`handle([m])`), with the single
 * message's rules (`MessageHandler`), so one poison message is dead-lettered by itself and the rest apply.
 * `log` is the consumer's; `messageLog(log, m)` gives a message's own.
 */
export interface BatchOptions {
  max: number;
  lingerMs: number;
  handle: (ms: JsMsg[], log: Logger) => Promise<void>;
}

/**
 * Collects messages into groups and applies them one group at a time: together, or one by one
 * with the single message's rules when the group fails. `log` is the consumer's.
 */
export function createGrouper(
  b: BatchOptions,
  settler: MessageSettler,
  counters: ConsumerCounters,
  log: Logger,
) {
  const { handleOne, ack } = settler;

  /** A group of messages (BatchOptions): applied together, or one by one when that fails. */
  async function handleGroup(ms: JsMsg[]): Promise<void> {
    try {
      await b.handle(ms, log);
    } catch (err) {
      log.warn({ err, messages: ms.length }, 'batch failed; handling its messages one by one');
      for (const m of ms) await handleOne(m);
      return;
    }
    counters.handled += ms.length;
    counters.lastHandledAt = new Date().toISOString();
    await Promise.all(ms.map((m) => ack(m, log.child({ seq: m.seq }))));
  }

  let buffered: JsMsg[] = [];
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (buffered.length > 0) {
      const group = buffered.slice(0, b.max);
      buffered = buffered.slice(b.max);
      // A group that throws anyway (NATS gone mid-ack) must not stop the groups behind it:
      // its messages are not acked, so the server delivers them again after the ack wait.
      chain = chain
        .then(() => handleGroup(group))
        .catch((err: unknown) => {
          recordError(counters, err);
          log.error({ err, messages: group.length }, 'batch not applied; its messages will be redelivered');
        });
    }
  };
  return {
    /** Resolves when the message may be followed by the next (a full group waits its turn). */
    add(m: JsMsg): Promise<void> {
      buffered.push(m);
      if (buffered.length >= b.max) {
        flush();
        return chain;
      }
      timer ??= setTimeout(flush, b.lingerMs);
      return Promise.resolve();
    },
    drain(): Promise<void> {
      flush();
      return chain;
    },
  };
}
