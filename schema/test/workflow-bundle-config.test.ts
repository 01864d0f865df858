import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/env';
import { workflowBundleCacheOf } from '../src/config/workflow-bundle';

/* WORKFLOW_BUNDLE_CACHE (README "Tests"): the tests' cached workflow bundle, never in production. */
describe('WORKFLOW_BUNDLE_CACHE', () => {
  it('is off unless set, and on when set outside production', () => {
    expect(workflowBundleCacheOf({ WORKFLOW_BUNDLE_CACHE: '0' }, 'production')).toBe(false);
    expect(workflowBundleCacheOf({ WORKFLOW_BUNDLE_CACHE: '0' }, 'test')).toBe(false);
    expect(workflowBundleCacheOf({ WORKFLOW_BUNDLE_CACHE: '1' }, 'test')).toBe(true);
    expect(workflowBundleCacheOf({ WORKFLOW_BUNDLE_CACHE: '1' }, 'development')).toBe(true);
  });

  it('is refused in production: there the workers bundle at start-up', () => {
    expect(() => workflowBundleCacheOf({ WORKFLOW_BUNDLE_CACHE: '1' }, 'production')).toThrow(ConfigError);
  });
});
