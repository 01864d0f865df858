import { defineConfig } from 'vitest/config';

const apps = '{schema,db,checkout,invoices,gateway,workflows,workers,mail,web,admin,bench}';
// End-to-end files run this many at a time, each lane a store of its own (e2e/support/lane.ts),
// after scripts/e2e-lanes.sh prepared them (`E2E_LANES=2 make test`); one by default.
const e2eLanes = Math.max(1, Number(process.env.E2E_LANES ?? 1));

/**
 * Three layers, run separately by scripts/test.sh so each prints its own summary:
 * - unit: pure code, no services (`*.test.ts`)
 * - integration: real PostgreSQL, NATS JetStream, Temporal, stripe-mock (`*.int.test.ts`)
 * - e2e: real Chromium against the built web and admin (`e2e/*.e2e.test.ts`)
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The apps' tsconfig keeps JSX for Next (`preserve`); a test that renders a component
        // (admin/test/ui.test.tsx) needs it compiled.
        oxc: { jsx: { runtime: 'automatic' } },
        // web and admin import their own files as `@/…` (each app's tsconfig `paths`); Vite reads the
        // tsconfig nearest to each importer, so one project serves both apps.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'unit',
          include: [`${apps}/test/**/*.test.{ts,tsx}`],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: 'integration',
          include: [`${apps}/test/**/*.int.test.ts`],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          setupFiles: ['e2e/support/lane.ts'],
          fileParallelism: e2eLanes > 1,
          maxWorkers: e2eLanes,
          // Its own group: its worker count differs from the other layers' (`vitest run` of all).
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // A screen's answer to a click is polled for up to 15 s, not vitest's 1 s: a list
          // redrawn after a staff action took longer than that on a loaded 2-core machine. A check
          // of speed says its own bound.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
