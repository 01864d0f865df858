import { isConfigError, SERVICE_DEFAULTS, STREAM_NAME } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { loadWorkersConfig } from '../src/config';

describe('the workers config', () => {
  it('defaults to the local services and the documented retention', () => {
    // Test mode: production refuses the development link secret (below).
    const config = loadWorkersConfig({ NODE_ENV: 'test' });
    expect(config.db.url).toBe(SERVICE_DEFAULTS.databaseUrl);
    expect(config.natsUrl).toBe(SERVICE_DEFAULTS.natsUrl);
    expect(config.eventsStream).toBe(STREAM_NAME);
    expect(config.eventsMaxAgeMs).toBe(30 * 86_400_000);
    // One server keeps the stream unless a cluster asks for more (docs/deploy.md).
    expect(config.eventsStreamReplicas).toBe(1);
    expect(loadWorkersConfig({ NODE_ENV: 'test', EVENTS_STREAM_REPLICAS: '3' }).eventsStreamReplicas).toBe(3);
    expect(() => loadWorkersConfig({ NODE_ENV: 'test', EVENTS_STREAM_REPLICAS: '7' })).toThrow(
      /EVENTS_STREAM_REPLICAS/,
    );
    expect(config.db).toMatchObject({ connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 });
    expect(config.outbox.maxAttempts).toBe(10);
    expect(config.retention).toEqual({
      intervalMs: 3_600_000,
      processedEventsDays: 30,
      publishedOutboxDays: 7,
      expiredIdempotencyKeysHours: 24,
      expiredSessionsHours: 24,
      webhookPayloadsDays: 30,
    });
  });

  it('signs the newsletter links with LEAD_LINK_SECRET, and production refuses the development one', () => {
    expect(() => loadWorkersConfig({})).toThrow(/LEAD_LINK_SECRET/);
    const secret = 's'.repeat(40);
    expect(loadWorkersConfig({ LEAD_LINK_SECRET: secret }).mail.linkSecret).toBe(secret);
    expect(loadWorkersConfig({ NODE_ENV: 'test' }).mail.budget).toEqual({ perDay: 10, ordersPerDay: 50 });
  });

  it('refuses a malformed setting at start, naming each one', () => {
    const attempt = () => loadWorkersConfig({ OUTBOX_MAX_ATTEMPTS: '0', DB_STATEMENT_TIMEOUT_MS: 'soon' });
    expect(attempt).toThrow(/OUTBOX_MAX_ATTEMPTS/);
    expect(attempt).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    try {
      attempt();
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
    }
  });
});
