import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stateful fake of Brevo's contacts API (developers.brevo.com, "Manage your contacts",
 * "Create a contact", "Update a contact", "Get a contact's details", "Rate limit headers"), for
 * the marketing sync's tests and `make dev`. What it keeps to:
 * - auth by the `api-key` header; a missing or unknown key is 401 `{code: 'unauthorized'}`;
 * - `POST /v3/contacts` `{email, attributes, listIds, updateEnabled}`: 201 `{id}` when created;
 *   an existing e-mail is 204 with `updateEnabled: true` (attributes merged, lists added) and
 *   400 `{code: 'duplicate_parameter'}` without it;
 * - `PUT /v3/contacts/{identifier}` (e-mail or id): 204, or 404 `{code: 'document_not_found'}`;
 * - `GET /v3/contacts/{identifier}`: the contact, or 404;
 * - `GET /v3/account`: the account (the back office's connection check);
 * - every answer carries `x-sib-ratelimit-limit/-remaining/-reset`; a test can make the next
 *   writes answer 429 (with `x-sib-ratelimit-reset`) or a 5xx;
 * - error bodies are `{code, message}` with Brevo's codes.
 * Attribute names are upper-case in Brevo; the fake stores what it is sent, as Brevo does.
 */

export interface BrevoContact {
  id: number;
  email: string;
  emailBlacklisted: boolean;
  smsBlacklisted: boolean;
  createdAt: string;
  modifiedAt: string;
  attributes: Record<string, string | number | boolean | string[]>;
  listIds: number[];
  listUnsubscribed: number[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
  status: number;
}

export interface BrevoFakeOptions {
  /** Keys the fake accepts. */
  apiKeys: string[];
  /** x-sib-ratelimit-limit; the remaining count resets every `rateWindowSeconds`. */
  rateLimit?: number;
  rateWindowSeconds?: number;
}

export interface BrevoFake {
  url: string;
  /** Contacts by lower-cased e-mail. */
  contacts: Map<string, BrevoContact>;
  /** Every request in order, with the status answered. */
  requests: RecordedRequest[];
  /** The next `count` contact writes answer `status` (429 carries `x-sib-ratelimit-reset: resetSeconds`). */
  failNextWrites(count: number, status: 429 | 500 | 502 | 503, resetSeconds?: number): void;
  reset(): void;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startBrevoFake(options: BrevoFakeOptions, port = 0): Promise<BrevoFake> {
  const keys = new Set(options.apiKeys);
  const limit = options.rateLimit ?? 1000;
  const windowMs = (options.rateWindowSeconds ?? 3600) * 1000;
  const contacts = new Map<string, BrevoContact>();
  const requests: RecordedRequest[] = [];
  let nextId = 1;
  let failures: { left: number; status: number; resetSeconds: number } = {
    left: 0,
    status: 0,
    resetSeconds: 0,
  };
  let windowStart = Date.now();
  let used = 0;

  function send(res: ServerResponse, rec: RecordedRequest, status: number, body?: unknown, headers = {}) {
    rec.status = status;
    const now = Date.now();
    if (now - windowStart > windowMs) {
      windowStart = now;
      used = 0;
    }
    used++;
    res.writeHead(status, {
      'x-sib-ratelimit-limit': String(limit),
      'x-sib-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-sib-ratelimit-reset': String(Math.ceil((windowStart + windowMs - now) / 1000)),
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const find = (identifier: string): BrevoContact | undefined => {
    const decoded = decodeURIComponent(identifier);
    if (/^\d+$/.test(decoded)) return [...contacts.values()].find((c) => c.id === Number(decoded));
    return contacts.get(decoded.toLowerCase());
  };

  function apply(c: BrevoContact, body: Record<string, unknown>) {
    if (isRecord(body.attributes)) Object.assign(c.attributes, body.attributes);
    if (Array.isArray(body.listIds)) {
      for (const id of body.listIds)
        if (typeof id === 'number' && !c.listIds.includes(id)) c.listIds.push(id);
    }
    const unlink = body.unlinkListIds;
    if (Array.isArray(unlink)) c.listIds = c.listIds.filter((id) => !unlink.includes(id));
    if (typeof body.emailBlacklisted === 'boolean') c.emailBlacklisted = body.emailBlacklisted;
    c.modifiedAt = new Date().toISOString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = header(req, 'api-key');
    const raw = await readBody(req);
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      apiKey,
      body: raw,
      status: 0,
    };
    requests.push(rec);
    const error = (status: number, code: string, message: string, headers = {}) =>
      send(res, rec, status, { code, message }, headers);

    if (!apiKey || !keys.has(apiKey)) return error(401, 'unauthorized', 'Key not found');

    let body: Record<string, unknown> = {};
    if (raw !== '') {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!isRecord(parsed)) return error(400, 'invalid_parameter', 'Request body must be an object');
        body = parsed;
      } catch {
        return error(400, 'bad_request', 'Malformed JSON');
      }
    }
    rec.body = body;

    const isWrite = req.method === 'POST' || req.method === 'PUT';
    if (isWrite && url.pathname.startsWith('/v3/contacts') && failures.left > 0) {
      failures.left--;
      if (failures.status === 429) {
        return error(429, 'too_many_requests', 'Too many requests', {
          'x-sib-ratelimit-remaining': '0',
          'x-sib-ratelimit-reset': String(failures.resetSeconds),
        });
      }
      return error(failures.status, 'internal_error', 'Internal server error');
    }

    if (url.pathname === '/v3/account' && req.method === 'GET') {
      return send(res, rec, 200, {
        email: 'marketing@qahwa.example',
        firstName: 'Qahwa',
        lastName: 'Marketing',
        companyName: 'Qahwa Roastery (fake)',
        plan: [{ type: 'free', credits: 300, creditsType: 'sendLimit' }],
      });
    }

    if (url.pathname === '/v3/contacts' && req.method === 'POST') {
      const email = body.email;
      if (email === undefined) return error(400, 'missing_parameter', 'email is missing');
      if (typeof email !== 'string' || !EMAIL.test(email)) {
        return error(400, 'invalid_parameter', 'Invalid email address');
      }
      if (body.listIds !== undefined && !isIntList(body.listIds)) {
        return error(400, 'invalid_parameter', 'listIds should be an array of integers');
      }
      const existing = contacts.get(email.toLowerCase());
      if (existing) {
        if (body.updateEnabled !== true) {
          return error(
            400,
            'duplicate_parameter',
            'Unable to create contact, email is already associated with another Contact',
          );
        }
        apply(existing, body);
        return send(res, rec, 204);
      }
      const now = new Date().toISOString();
      const contact: BrevoContact = {
        id: nextId++,
        email: email.toLowerCase(),
        emailBlacklisted: false,
        smsBlacklisted: false,
        createdAt: now,
        modifiedAt: now,
        attributes: {},
        listIds: [],
        listUnsubscribed: [],
      };
      apply(contact, body);
      contacts.set(contact.email, contact);
      return send(res, rec, 201, { id: contact.id });
    }

    const one = /^\/v3\/contacts\/([^/]+)$/.exec(url.pathname);
    if (one?.[1]) {
      const contact = find(one[1]);
      if (req.method === 'GET') {
        if (!contact) return error(404, 'document_not_found', 'Contact does not exist');
        return send(res, rec, 200, contact);
      }
      if (req.method === 'PUT') {
        if (!contact) return error(404, 'document_not_found', 'Contact does not exist');
        if (body.listIds !== undefined && !isIntList(body.listIds)) {
          return error(400, 'invalid_parameter', 'listIds should be an array of integers');
        }
        apply(contact, body);
        return send(res, rec, 204);
      }
      return error(405, 'method_not_allowed', 'Method not allowed');
    }
    return error(404, 'document_not_found', 'Not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'internal_error', message: String(err) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${bound}`,
    contacts,
    requests,
    failNextWrites(count, status, resetSeconds = 1) {
      failures = { left: count, status, resetSeconds };
    },
    reset() {
      contacts.clear();
      requests.length = 0;
      failures = { left: 0, status: 0, resetSeconds: 0 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIntList(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Brevo refuses big bodies too; a test never needs more.
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
