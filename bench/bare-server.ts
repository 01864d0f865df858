/**
 * The baseline of the read-path benchmark: a bare Fastify route (no plugins, no hooks, no
 * logger) serving the bytes the real gateway answered for GET /api/products, from memory. Its
 * own process, like the gateway, so both get the same share of the machine.
 *
 *   BARE_PORT=… BARE_SOURCE_URL=http://127.0.0.1:<gateway>/api/products tsx bench/bare-server.ts
 */
import Fastify from 'fastify';

const port = Number(process.env.BARE_PORT ?? 0);
const source = process.env.BARE_SOURCE_URL;
if (!source) throw new Error('BARE_SOURCE_URL is required');

const res = await fetch(source);
if (!res.ok) throw new Error(`${source}: HTTP ${res.status}`);
const body = Buffer.from(await res.arrayBuffer());

const app = Fastify();
app.get('/api/products', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare baseline on :${port} serving ${body.length} bytes`);
