import { randomUUID } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUPLICATE_WINDOW_MS, ensureStream } from '../src';
import { closeServices, connectServices, type Services } from './support';

let s: Services;

beforeAll(async () => {
  s = await connectServices();
});
afterAll(async () => {
  await closeServices(s);
});

describe('ensureStream', () => {
  it('creates a file stream with a duplicate window, then leaves it be, then updates it in place', async () => {
    const subjects = [`${s.subjectPrefix}commerce.>`];
    const created = await ensureStream(s.jsm, { name: s.stream, subjects });
    expect(created.config).toMatchObject({
      subjects,
      storage: 'file',
      duplicate_window: nanos(DEFAULT_DUPLICATE_WINDOW_MS),
    });
    await s.js.publish(`${s.subjectPrefix}commerce.order.x`, 'kept', { msgID: randomUUID() });

    const again = await ensureStream(s.jsm, { name: s.stream, subjects });
    expect(again.created).toBe(created.created);

    const updated = await ensureStream(s.jsm, { name: s.stream, subjects, duplicateWindowMs: 20 * 60_000 });
    expect(updated.config.duplicate_window).toBe(nanos(20 * 60_000));
    expect(updated.state.messages).toBe(1);
  });
});
