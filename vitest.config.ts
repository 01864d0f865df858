import { defineConfig } from 'vitest/config';

const apps = '{schema,db,checkout,invoices,gateway,workflows,workers,mail,web,admin,bench}';

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
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
