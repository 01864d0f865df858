import { readFileSync } from 'node:fs';
import { ErrorBody, LOCALES } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../src/i18n/request-messages';

/*
 * HAProxy answers 503 itself when no gateway is up (make cluster, docs/deploy.md): its bodies
 * (scripts/cluster/unavailable.<locale>.json, HAProxy log-format files) must be the gateways' one
 * error body with the gateway's words for a store restarting, so a storefront reads them as it
 * reads any gateway error. The request id is HAProxy's placeholder, filled in per request.
 */
describe("the balancer's 503 when no gateway is up", () => {
  it.each(LOCALES)('is the gateway error body, in %s, with the request id HAProxy fills in', (locale) => {
    const template = readFileSync(
      new URL(`../../scripts/cluster/unavailable.${locale}.json`, import.meta.url),
      'utf8',
    );
    expect(template).toContain('"%[var(txn.request_id)]"');
    const body = JSON.parse(
      template.replace('%[var(txn.request_id)]', 'f2f49d86-7f24-4dfa-9586-6f5c440b15cf'),
    );
    expect(ErrorBody.strict().parse(body)).toEqual({
      success: false,
      error: REQUEST_MESSAGES.shuttingDown[locale],
      code: 'UNAVAILABLE',
      requestId: 'f2f49d86-7f24-4dfa-9586-6f5c440b15cf',
    });
  });
});
