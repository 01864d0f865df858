import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkersConfig } from '../src/config';

/*
 * docker-compose.yml's NATS takes no client without a user and password (NATS_USER, NATS_PASSWORD):
 * every process's connection gives them from its config (schema/src/config/nats.ts). A NATS server
 * of the test's own, requiring them.
 */
const USER = 'qahwa';
const PASSWORD = 'a pass: with "odd" characters $x';
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
  url = `nats://127.0.0.1:${port}`;
  server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '--user', USER, '--pass', PASSWORD], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const nc = await connect({ servers: url, user: USER, pass: PASSWORD }).catch(() => null);
    if (nc) return nc.close();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nats-server did not start');
}, 30_000);
afterAll(() => {
  server?.kill();
});

const signIn = (options: object) =>
  connect({ ...options, maxReconnectAttempts: 0 }).then(
    (nc) => nc.close().then(() => 'connected'),
    (err: Error) => err.message,
  );

describe('NATS with a user and password', () => {
  it('connects with NATS_USER and NATS_PASSWORD (the gateway takes the same settings: gateway/test/config.test.ts)', async () => {
    const env = { NODE_ENV: 'test', NATS_URL: url, NATS_USER: USER, NATS_PASSWORD: PASSWORD };
    expect(await signIn(loadWorkersConfig(env).nats)).toBe('connected');
  });

  it('is refused without them, or with a wrong password', async () => {
    expect(await signIn(loadWorkersConfig({ NODE_ENV: 'test', NATS_URL: url }).nats)).toMatch(
      /Authorization/,
    );
    const wrong = { NODE_ENV: 'test', NATS_URL: url, NATS_USER: USER, NATS_PASSWORD: 'guess' };
    expect(await signIn(loadWorkersConfig(wrong).nats)).toMatch(/Authorization/);
  });

  it('refuses a user without a password at start, and needs neither for a NATS without sign-in', () => {
    expect(() => loadWorkersConfig({ NODE_ENV: 'test', NATS_USER: USER })).toThrow(
      /NATS_USER and NATS_PASSWORD/,
    );
    expect(loadWorkersConfig({ NODE_ENV: 'test' }).nats).toEqual({ servers: 'nats://127.0.0.1:4222' });
  });
});
