import { createDb } from '@qahwa/db';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromBackOffice, type Gateway, startGateway } from './harness';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

/** The one error shape, with the request id the answer's header carries. */
const errorBody = (res: { headers: Record<string, unknown> }, code: string, error: string) => ({
  success: false,
  error,
  code,
  requestId: res.headers['x-request-id'],
});

describe('one error body from every answer', () => {
  it('answers an unknown path with 404 in the shopper language', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-locale': 'ar' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(res, 'NOT_FOUND', 'غير موجود'));
  });

  it('answers a known path asked with an undeclared method with 405 and Allow, not 404', async () => {
    const res = await gw.app.inject({ method: 'DELETE', url: '/api/shipping/calculate' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual(
      errorBody(res, 'METHOD_NOT_ALLOWED', 'This address does not accept that method.'),
    );
    const withParam = await gw.app.inject({ method: 'PUT', url: '/api/products/colombian-supremo' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('GET, HEAD');
    // A static path is its own resource even where a parameter route would take the method:
    // PATCH /api/promotions/{id} exists, but /api/promotions/validate is not a promotion.
    const shadowed = await gw.app.inject({ method: 'PATCH', url: '/api/promotions/validate', payload: {} });
    expect(shadowed.statusCode).toBe(405);
    expect(shadowed.headers.allow).toBe('POST');
    const options = await gw.app.inject({ method: 'OPTIONS', url: '/api/promotions/validate' });
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe('POST');
  });

  it('lists what failed validation, in the shopper language', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'x' },
      headers: { 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject(errorBody(res, 'VALIDATION_FAILED', 'بعض البيانات ناقصة أو غير صحيحة.'));
    expect(body.issues).toEqual([{ path: '/email', message: expect.any(String) }]);
  });

  it("answers malformed JSON and a non-JSON body in the shopper's words, not Fastify's", async () => {
    const broken = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(
      errorBody(broken, 'FST_ERR_CTP_INVALID_JSON_BODY', 'The request could not be read. Please try again.'),
    );
    const text = await gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<email>a</email>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual(
      errorBody(text, 'UNSUPPORTED_MEDIA_TYPE', 'Please send the request as JSON.'),
    );
  });

  it('rate-limits route scanning with the same body', async () => {
    let last = await gw.app.inject({ method: 'GET', url: '/scan/0', remoteAddress: '192.0.2.10' });
    for (let i = 1; i <= 60; i++) {
      last = await gw.app.inject({ method: 'GET', url: `/scan/${i}`, remoteAddress: '192.0.2.10' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(errorBody(last, 'RATE_LIMITED', 'Too many requests. Please wait a moment.'));
  });

  it('never shows the cause of a failure: no stack, no SQL, only the request id', async () => {
    // The same app over a database that does not exist: every query fails inside the driver.
    const handle = createDb('postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_no_such_database_h1');
    const broken = fromBackOffice(
      await buildApp({
        config: loadConfig({ NODE_ENV: 'test' }),
        db: handle.db,
        temporal: {} as Client,
        logger: pino({ level: 'silent' }),
      }),
    );
    try {
      const res = await broken.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@qahwa.local', password: 'x' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(errorBody(res, 'INTERNAL', 'Something went wrong. Please try again.'));
      expect(res.body).not.toMatch(/select|database|at \w+ \(|\.ts:/i);
    } finally {
      await broken.close();
      await handle.close();
    }
  });
});

describe('security headers', () => {
  it('marks every answer not to be sniffed, framed or referred', async () => {
    for (const url of ['/api/products', '/api/nothing-here']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the common error answers with the shared ErrorBody on every operation', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { responses: object }>>,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(5);
    for (const { path, method, op } of operations) {
      const responses = op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      for (const status of ['400', '404', '405', '429', '500', '503']) {
        expect(responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
    expect(doc.components.schemas.ErrorBody.required).toEqual(['success', 'error', 'code', 'requestId']);
  });
});
