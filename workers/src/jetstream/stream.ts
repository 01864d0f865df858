import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  StorageType,
  type StreamInfo,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { ANALYTICS_STREAM_SUBJECTS, analyticsStreamOf, STREAM_NAME, STREAM_SUBJECTS } from '@qahwa/schema';

export interface StreamOptions {
  /** Defaults to `COMMERCE`; tests pass their own so runs never share messages or dedupe state. */
  name?: string;
  /** Defaults to `['commerce.>']`; a stream's subjects may not overlap another stream's. */
  subjects?: string[];
  /**
   * How long JetStream remembers a Nats-Msg-Id. It must outlast the longest time a relay can
   * spend between publishing and marking a row published (crash, restart, back-off), or a
   * republished event lands twice. Consumers are idempotent anyway; this keeps the stream clean.
   */
  duplicateWindowMs?: number;
  /**
   * How long the stream keeps an event (JetStream's `max_age`); 0 keeps every event for ever.
   * Older events are gone for a consumer that was away that long and for a projection rebuild,
   * which then refuses to run (docs/dashboard.md "Rebuild from the stream").
   */
  maxAgeMs?: number;
  /**
   * How many servers of a NATS cluster keep the stream (JetStream's `num_replicas`; default 1, a
   * single server). Three keep every event through the loss of any one server (docs/deploy.md).
   */
  replicas?: number;
}

export const DEFAULT_DUPLICATE_WINDOW_MS = 10 * 60_000;
/** EVENTS_MAX_AGE_DAYS's default: a month of events (docs/operations.md). */
export const DEFAULT_STREAM_MAX_AGE_MS = 30 * 86_400_000;

/**
 * Creates the stream, or brings an existing one to our subjects, duplicate window and maximum age
 * (an update in place: the messages stay, those past the new age are removed by JetStream). Safe
 * to call from every process at start.
 */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions = {}): Promise<StreamInfo> {
  const name = options.name ?? STREAM_NAME;
  const subjects = options.subjects ?? STREAM_SUBJECTS;
  const duplicateWindow = nanos(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS);
  const maxAge = nanos(options.maxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS);
  const replicas = options.replicas ?? 1;

  const existing = await streamInfo(jsm, name);
  if (existing) {
    const c = existing.config;
    const sameSubjects =
      c.subjects.length === subjects.length && subjects.every((s) => c.subjects.includes(s));
    if (
      sameSubjects &&
      c.duplicate_window === duplicateWindow &&
      c.max_age === maxAge &&
      c.num_replicas === replicas
    ) {
      return existing;
    }
    // A stream made on one server gains its replicas in place once the cluster is there.
    return jsm.streams.update(name, {
      ...c,
      subjects,
      duplicate_window: duplicateWindow,
      max_age: maxAge,
      num_replicas: replicas,
    });
  }
  try {
    return await jsm.streams.add({
      name,
      subjects,
      storage: StorageType.File,
      duplicate_window: duplicateWindow,
      max_age: maxAge,
      num_replicas: replicas,
    });
  } catch (err) {
    // Another process created it between our lookup and our add: theirs is as good as ours.
    const raced = await streamInfo(jsm, name);
    if (raced) return raced;
    throw err;
  }
}

export interface EventStreamsOptions {
  /** The commerce stream's name (EVENTS_STREAM); the analytics stream's follows (analyticsStreamOf). */
  name?: string;
  /** Prepended to both streams' subjects (EVENTS_SUBJECT_PREFIX). */
  subjectPrefix?: string;
  maxAgeMs?: number;
  /** The commerce stream's replicas (EVENTS_STREAM_REPLICAS). */
  replicas?: number;
}

/**
 * The two streams the store's events travel in (docs/deploy.md "Event stream replicas"): the
 * commerce stream (`commerce.>`) at `replicas`, and the analytics stream (`analytics.>`: product
 * views) always at one, because a view lost with a server costs one count, while three copies of
 * each view would triple the write volume of the busiest event. Both keep events as long (a
 * rebuild of the views' projection replays the analytics stream).
 */
export async function ensureEventStreams(
  jsm: JetStreamManager,
  options: EventStreamsOptions = {},
): Promise<{ commerce: StreamInfo; analytics: StreamInfo }> {
  const name = options.name ?? STREAM_NAME;
  const prefixed = (subjects: string[]) => subjects.map((s) => `${options.subjectPrefix ?? ''}${s}`);
  const commerce = await ensureStream(jsm, {
    name,
    subjects: prefixed(STREAM_SUBJECTS),
    maxAgeMs: options.maxAgeMs,
    replicas: options.replicas,
  });
  const analytics = await ensureStream(jsm, {
    name: analyticsStreamOf(name),
    subjects: prefixed(ANALYTICS_STREAM_SUBJECTS),
    maxAgeMs: options.maxAgeMs,
    replicas: 1,
  });
  return { commerce, analytics };
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | null> {
  try {
    return await jsm.streams.info(name);
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return null;
    throw err;
  }
}
