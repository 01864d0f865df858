import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, type Stack, startStack } from './support/stack';

/**
 * The storefront as production serves it (`next start`): absolute URLs come from the configured
 * origin (STOREFRONT_URL), whatever Host the request names, and the revalidation endpoint takes
 * only the run's own secret (docs/security.md).
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.stop());

const FORGED = 'attacker.example';

/** A GET with headers fetch() will not let a caller set (Host). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('absolute URLs on a product page', () => {
  it('are the configured origin’s for a request with a forged Host and X-Forwarded-Host', async () => {
    const origin = stack.webUrl;
    const { status, body } = await get(`${stack.webUrl}/product/ethiopian-yirgacheffe`, {
      host: FORGED,
      'x-forwarded-host': FORGED,
      'x-forwarded-proto': 'https',
    });
    expect(status).toBe(200);
    const canonical = attribute(body, /<link rel="canonical" href="([^"]+)"/);
    const ogUrl = attribute(body, /<meta property="og:url" content="([^"]+)"/);
    const ogImage = attribute(body, /<meta property="og:image" content="([^"]+)"/);
    expect(canonical).toBe(`${origin}/product/ethiopian-yirgacheffe`);
    expect(ogUrl).toBe(`${origin}/product/ethiopian-yirgacheffe`);
    expect(ogImage?.startsWith(`${origin}/`)).toBe(true);
    const ldText = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(body)?.[1];
    const ld = JSON.parse(ldText ?? 'null');
    expect(ld).toMatchObject({ '@type': 'Product', url: `${origin}/product/ethiopian-yirgacheffe` });
    for (const image of ld.image as string[]) expect(image.startsWith(`${origin}/`)).toBe(true);
    expect(body).not.toContain(FORGED);
  });

  it('are the configured origin’s on the home page too (its canonical is "/")', async () => {
    const { status, body } = await get(`${stack.webUrl}/`, { host: FORGED, 'x-forwarded-host': FORGED });
    expect(status).toBe(200);
    expect(attribute(body, /<link rel="canonical" href="([^"]+)"/)).toMatch(
      new RegExp(`^${stack.webUrl.replaceAll('.', '\\.')}/?$`),
    );
    expect(body).not.toContain(FORGED);
  });
});

describe('the revalidation endpoint in production', () => {
  it('refuses the development secret', async () => {
    const res = await fetch(`${stack.webUrl}/revalidate/catalogue`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-revalidate-secret' },
    });
    expect(res.status).toBe(401);
  });

  it('stops next start when the storefront is given the development secret', async () => {
    const port = await freePort();
    const web = spawn('npx', ['--no', '--', 'next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: `${root}web`,
      env: { ...process.env, NODE_ENV: 'production', REVALIDATE_SECRET: 'dev-revalidate-secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    web.stdout?.on('data', (d) => {
      output += String(d);
    });
    web.stderr?.on('data', (d) => {
      output += String(d);
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-web.pid!, 'SIGKILL');
        } catch {}
        resolve(null);
      }, 90_000);
      web.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(output).toMatch(/REVALIDATE_SECRET must be at least 32 characters/);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
