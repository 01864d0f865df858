/** Every failure a worker reports has a stable `code` that logs and health checks can match on. */
export class WorkerError extends Error {
  override name = 'WorkerError';
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** JetStream did not confirm an outbox event; the row stays unpublished and is retried. */
export class OutboxPublishError extends WorkerError {
  override name = 'OutboxPublishError';
  readonly eventId: string;

  constructor(eventId: string, options?: ErrorOptions) {
    super('OUTBOX_PUBLISH_FAILED', `could not publish outbox event ${eventId}`, options);
    this.eventId = eventId;
  }
}

/** A message on a subject we own does not match its contract: redelivering it cannot help. */
export class InvalidEventError extends WorkerError {
  override name = 'InvalidEventError';

  constructor(message: string, options?: ErrorOptions) {
    super('EVENT_INVALID', message, options);
  }
}

/** The consumer loop gave up on a `consume()` session (missed heartbeats, consumer gone). */
export class ConsumeInterruptedError extends WorkerError {
  override name = 'ConsumeInterruptedError';

  constructor(reason: string, options?: ErrorOptions) {
    super('CONSUME_INTERRUPTED', `consume interrupted: ${reason}`, options);
  }
}
