import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkReadiness, type DependencyProbe } from '@qahwa/schema';
import type { Logger } from 'pino';

export interface HealthServer {
  /** The port it listens on (useful when asked for port 0 in tests). */
  port: number;
  close(): Promise<void>;
}

/**
 * The workers take no HTTP traffic; this tiny server lets a supervisor ask the same two questions
 * as of the gateway: GET /health/live (the process answers) and GET /health/ready (what it needs
 * answers: 503 only when a critical dependency fails, 200 `degraded` otherwise).
 */
export async function startHealthServer(options: {
  host: string;
  port: number;
  probes: DependencyProbe[];
  logger: Logger;
}): Promise<HealthServer> {
  const started = Date.now();
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET') return send(405, { error: 'method not allowed' });
    if (path === '/health/live') {
      return send(200, { status: 'ok', uptimeSeconds: Math.floor((Date.now() - started) / 1000) });
    }
    if (path === '/health/ready') {
      checkReadiness(options.probes).then(
        (report) => send(report.status === 'down' ? 503 : 200, report),
        (err) => {
          options.logger.error({ err }, 'readiness check failed');
          send(500, { error: 'readiness check failed' });
        },
      );
      return;
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.logger.info({ host: options.host, port }, 'health server listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
