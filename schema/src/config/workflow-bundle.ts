import { z } from 'zod';
import { ConfigError, type RunMode } from './env';

/**
 * `WORKFLOW_BUNDLE_CACHE=1`: a Temporal worker (the workflows process, the gateway's eager one)
 * takes the workflow bundle from `.data/workflow-bundles/`, named by a hash of the sources it is
 * built from, instead of bundling at start-up (workflows/src/bundle-cache.ts). For the tests,
 * which start the store again for every end-to-end file. Production bundles at start-up, always:
 * the hash covers the workspaces workflow code imports today, and a bundle of other code would
 * replay histories wrongly, so production refuses the setting.
 */
export const WorkflowBundleEnv = {
  WORKFLOW_BUNDLE_CACHE: z.enum(['0', '1']).default('0'),
};

export function workflowBundleCacheOf(e: { WORKFLOW_BUNDLE_CACHE: '0' | '1' }, mode: RunMode): boolean {
  if (e.WORKFLOW_BUNDLE_CACHE === '1' && mode === 'production') {
    throw new ConfigError('WORKFLOW_BUNDLE_CACHE is for tests: production bundles the workflows at start-up');
  }
  return e.WORKFLOW_BUNDLE_CACHE === '1';
}
