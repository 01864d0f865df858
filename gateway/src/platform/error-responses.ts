import { ErrorBody } from '@qahwa/schema';
import type { RouteOptions } from 'fastify';

/**
 * The error answers any route can give whatever it declares: a malformed request (400), an
 * unknown id (404), a method the path does not take (405), a rate limit (429), a failure of
 * ours (500) or of a dependency (503). Routes with a body can also get 413 and 415 from
 * Fastify's body parser.
 */
const COMMON = [400, 404, 405, 429, 500, 503] as const;
const WITH_BODY = [413, 415] as const;

type Schema = { response?: Record<string | number, unknown>; body?: unknown; hide?: boolean };

/**
 * onRoute: add the shared `ErrorBody` for every common error status a route did not declare,
 * so every answer the gateway can give is in /openapi.json (and serialised with the one shape).
 * A route's own declaration wins.
 */
export function documentErrorResponses(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide) return;
  const methods = [route.method].flat();
  const takesBody = methods.some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'DELETE');
  const response = { ...(schema.response ?? {}) };
  for (const status of [...COMMON, ...(takesBody ? WITH_BODY : [])]) {
    if (!(status in response) && !(String(status) in response)) response[status] = ErrorBody;
  }
  schema.response = response;
}

/**
 * Which methods each route path takes, so a known path asked with another method gets 405 with
 * `Allow` instead of Fastify's 404 (RFC 9110 15.5.6). Fastify does not expose its router's
 * per-path lookup, so the table is built from the same onRoute events; paths use find-my-way's
 * syntax (`:param`, a trailing `*`).
 */
export class MethodTable {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(route: RouteOptions): void {
    let entry = this.routes.get(route.url);
    if (!entry) {
      entry = { pattern: toPattern(route.url), methods: new Set() };
      this.routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method.toUpperCase());
  }

  /**
   * The methods of the route whose path is exactly this one, with no parameter in it; empty when
   * there is none. `/api/promotions/validate` is its own resource even though
   * `/api/promotions/:id` would match it for a method the static path does not take.
   */
  staticAllowed(url: string): string[] {
    const path = url.split('?')[0] ?? '';
    const entry = path.includes(':') ? undefined : this.routes.get(path);
    return entry ? [...entry.methods].sort() : [];
  }

  /** The methods the path takes, sorted; empty when no route has this path. */
  allowed(url: string): string[] {
    // A static path is its own resource: a parameter route's pattern says nothing about it.
    const fixed = this.staticAllowed(url);
    if (fixed.length > 0) return fixed;
    const path = url.split('?')[0] ?? '';
    const methods = new Set<string>();
    for (const { pattern, methods: m } of this.routes.values()) {
      if (pattern.test(path)) for (const method of m) methods.add(method);
    }
    return [...methods].sort();
  }
}

function toPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
