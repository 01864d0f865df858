import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** For tests: a port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

export interface OwnNatsServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits until its port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same JetStream store, so streams survive. */
  start(): Promise<void>;
  /** Stops it and deletes its store. */
  dispose(): Promise<void>;
}

/**
 * For tests that must take NATS away and bring it back: a nats-server with JetStream of the
 * test's own, on a free port, never the shared one on 4222.
 */
export async function startOwnNatsServer(
  binary = process.env.NATS_SERVER_BIN ?? 'nats-server',
): Promise<OwnNatsServer> {
  const port = await freePort();
  const store = mkdtempSync(join(tmpdir(), 'qahwa-nats-'));
  let proc: ChildProcess | null = null;

  async function start() {
    proc = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', store], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (proc.exitCode !== null) throw new Error(`nats-server exited with ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error(`nats-server did not answer on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function stop() {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
  }

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(store, { recursive: true, force: true });
    },
  };
}
