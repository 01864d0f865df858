import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';

/** Lane 1's ports: a run of one file, and the first lane of `make test`. */
export const LANE_ONE_PORTS = {
  E2E_GATEWAY_PORT: 4100,
  E2E_WEB_PORT: 3100,
  E2E_ADMIN_PORT: 3101,
  E2E_STRIPE_PORT: 4112,
  E2E_TABBY_PORT: 4113,
} as const;

/**
 * What end-to-end lane `lane` (2 and up) runs on: its database, its Temporal namespace, its ports
 * and its log directory (e2e/support/lane.ts sets them; scripts/e2e-lanes.sh prepares the
 * database and the namespace from the same names). Ports set in `env` are lane 1's and move up by
 * 10000 per lane, so a developer's own E2E_*_PORT choice holds for every lane.
 */
export function laneNames(lane: number, env: NodeJS.ProcessEnv): Record<string, string> {
  const url = new URL(env.DATABASE_URL ?? SERVICE_DEFAULTS.testDatabaseUrl);
  url.pathname = `${url.pathname}_lane${lane}`;
  const names: Record<string, string> = {
    DATABASE_URL: url.toString(),
    TEMPORAL_NAMESPACE: `qahwa-e2e-lane${lane}`,
    E2E_LOG_DIR: `lane-${lane}`,
  };
  for (const [key, port] of Object.entries(LANE_ONE_PORTS)) {
    names[key] = String(Number(env[key] ?? port) + 10_000 * (lane - 1));
  }
  return names;
}

// `node --import tsx e2e/support/lanes.ts N`: lane N's names as shell assignments.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const lane = Number(process.argv[2]);
  if (!Number.isInteger(lane) || lane < 2) throw new Error('usage: lanes.ts N (N ≥ 2)');
  for (const [key, value] of Object.entries(laneNames(lane, process.env))) {
    console.log(`${key}=${value}`);
  }
}
