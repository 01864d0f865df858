import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiKeys, type Auth, authenticate } from './api';
import { StripeHttpError } from './errors';
import { type FormObject, parseForm } from './form';
import type { IdempotencyKeys } from './idempotency';
import { randomId } from './ids';
import { API_VERSION, type ApiRequest } from './objects';
import type { Outages } from './outages';

/**
 * The double's HTTP: Stripe's headers and CORS, form or JSON bodies, `Idempotency-Key` replays,
 * Stripe's error bodies; the calls themselves are api.ts's and control.ts's.
 */

export function send(res: ServerResponse, status: number, body: unknown, requestId = `req_${randomId(14)}`) {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': requestId,
    'stripe-version': API_VERSION,
    ...cors(),
  });
  res.end(JSON.stringify(body, null, 2));
}

/** Stripe.js calls the API from the storefront's origin; Stripe answers CORS for any origin. */
function cors() {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers':
      'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
    'access-control-max-age': '300',
  };
}

type Answer = { status: number; body: unknown };

/** The secret key a server-side caller sent (`Authorization: Bearer sk_…`), or ''. */
function bearerOf(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

export interface RequestHandlerOptions {
  keys: () => ApiKeys;
  api: (method: string, path: string, params: FormObject, auth: Auth, request: ApiRequest) => Answer;
  control: (method: string, url: URL, raw: string) => Promise<Answer>;
  /** The keys' first answers (idempotency.ts), which the double's controls can prune. */
  idempotency: IdempotencyKeys;
  /** Stripe down for some callers (outages.ts): checked before anything is done or kept. */
  outages?: Outages;
}

export function createRequestHandler(o: RequestHandlerOptions) {
  const idempotent = o.idempotency;

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const requestId = `req_${randomId(14)}`;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors());
      res.end();
      return;
    }
    try {
      if (url.pathname.startsWith('/_double/')) {
        // Returned, not awaited: a control's failure (a body that is not JSON) is the server's 500
        // (double.ts), not a Stripe error.
        return o.control(req.method ?? 'GET', url, raw).then((a) => send(res, a.status, a.body));
      }
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      const params: FormObject =
        req.method === 'GET'
          ? parseForm(url.search.slice(1))
          : isJson
            ? (JSON.parse(raw || '{}') as FormObject)
            : parseForm(raw);
      const auth = authenticate(req, params, o.keys());
      const down = o.outages?.answer(req.method ?? 'GET', url.pathname, bearerOf(req));
      if (down) return send(res, down.status, down.body, requestId);
      const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      if (key) {
        const seen = idempotent.get(url.pathname, key);
        if (seen) {
          if (seen.body !== raw) {
            throw new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          res.writeHead(seen.status, {
            'content-type': 'application/json',
            'idempotent-replayed': 'true',
            'request-id': requestId,
            ...cors(),
          });
          res.end(seen.json);
          return;
        }
      }
      let answer: Answer;
      try {
        answer = o.api(req.method ?? 'GET', url.pathname, params, auth, {
          id: requestId,
          idempotencyKey: key ?? null,
        });
      } catch (err) {
        // Stripe keeps the first answer of a key once the endpoint ran, a card's decline included:
        // retrying a declined charge with its key replays the 402 (a new attempt needs a new key).
        // A refusal before anything ran (a bad parameter) is not kept.
        if (!(key && err instanceof StripeHttpError && err.body.type === 'card_error')) throw err;
        answer = { status: err.status, body: { error: err.body } };
      }
      const { status, body } = answer;
      if (key) {
        idempotent.keep(url.pathname, key, { body: raw, status, json: JSON.stringify(body, null, 2) });
      }
      send(res, status, body, requestId);
    } catch (err) {
      if (err instanceof StripeHttpError) return send(res, err.status, { error: err.body }, requestId);
      if (err instanceof SyntaxError)
        return send(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid JSON' } });
      throw err;
    }
  };
}
