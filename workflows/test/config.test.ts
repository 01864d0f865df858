import { readFileSync } from 'node:fs';
import { SEARCH_ATTRIBUTES } from '@qahwa/schema';
import { describe, expect, it } from 'vitest';
import { loadWorkflowsConfig } from '../src/config';

describe('the workflows config', () => {
  it('has working defaults, and activity concurrency follows the database pool', () => {
    const c = loadWorkflowsConfig({});
    expect(c).toMatchObject({
      temporalAddress: '127.0.0.1:7233',
      temporalNamespace: 'default',
      checkoutTaskQueue: 'checkout',
      logLevel: 'info',
    });
    expect(c.activityConcurrency).toBe(c.db.poolSize);
    expect(loadWorkflowsConfig({ DB_POOL_SIZE: '4' }).activityConcurrency).toBe(4);
  });

  it('refuses more concurrent activities than database connections, and names the variable', () => {
    expect(() => loadWorkflowsConfig({ DB_POOL_SIZE: '5', WORKFLOWS_ACTIVITY_CONCURRENCY: '8' })).toThrow(
      /WORKFLOWS_ACTIVITY_CONCURRENCY/,
    );
    expect(() => loadWorkflowsConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('registers on the dev server the very search attributes the workflows set', () => {
    const script = readFileSync(new URL('../../scripts/services.sh', import.meta.url), 'utf8');
    const list = /TEMPORAL_SEARCH_ATTRIBUTES=\(([^)]*)\)/.exec(script)?.[1]?.trim().split(/\s+/);
    expect(list).toEqual([...SEARCH_ATTRIBUTES]);
  });
});
