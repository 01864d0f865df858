import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** Logs and results.json; BENCH_DIR keeps one engineer's run from overwriting another's on a shared machine. */
export const benchDir = process.env.BENCH_DIR ?? `${root}.data/bench`;

/** A port nobody listens on right now (the kernel's pick), so a running `make dev` is not disturbed. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Proc {
  name: string;
  child: ChildProcess;
  log: string;
}

/** Starts one of the store's processes as production would (its own Node process), logging to .data/bench. */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Proc {
  mkdirSync(benchDir, { recursive: true });
  const log = `${benchDir}/${name}.log`;
  const out = createWriteStream(log);
  // BENCH_CPU_PROF=<dir>: each process writes V8 CPU profiles to <dir>/<name>/ when it stops, one
  // per thread (the largest is the main thread; open it in Chrome's DevTools, Performance panel):
  // where a figure's CPU went, function by function.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}/${name}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    // Own process group: stopping it stops whatever it spawned, and nothing else.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return { name, child, log };
}

export async function waitForHttp(url: string, proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}); see ${proc.log}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms; see ${proc.log}`);
}

/** Waits until the process wrote `text` to its log (a worker has no HTTP port to ask). */
export async function waitForLog(proc: Proc, text: string, timeoutMs = 120_000): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}); see ${proc.log}`);
    const content = await readFile(proc.log, 'utf8').catch(() => '');
    if (content.includes(text)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not log "${text}" within ${timeoutMs} ms; see ${proc.log}`);
}

/** SIGTERM (graceful shutdown), then SIGKILL for whatever is left of the group. */
export async function stopProcesses(procs: Proc[]): Promise<void> {
  const alive = procs.filter((p) => p.child.exitCode === null && p.child.pid);
  for (const p of alive) {
    try {
      process.kill(-p.child.pid!, 'SIGTERM');
    } catch {}
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && alive.some((p) => p.child.exitCode === null)) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const p of alive) {
    if (p.child.exitCode !== null) continue;
    try {
      process.kill(-p.child.pid!, 'SIGKILL');
    } catch {}
  }
}
