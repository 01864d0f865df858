/*
 * `E2E_LANES=2 make test` runs the end-to-end files two at a time (vitest's maxWorkers), each
 * file still starting a whole store of its own (README "Tests": on two cores the gain is small,
 * so one lane is the default).
 *
 * Lane 1 is what a single file run uses. Every further lane (vitest's VITEST_POOL_ID, 1 to
 * maxWorkers) gets, before the test file is imported:
 * - its own database, `<test database>_lane<N>`, migrated by `scripts/e2e-lanes.sh` beforehand;
 * - its own Temporal namespace, `qahwa-e2e-lane<N>`: order, payment and return numbers start
 *   over in every database and name workflow ids, so two lanes in one namespace would meet;
 * - its own ports, 10000 × (N − 1) above lane 1's, and its own process logs.
 * NATS needs nothing: every stack already has a stream and subject prefix of its own.
 */
import { laneNames } from './lanes';

const lane = Number(process.env.VITEST_POOL_ID ?? '1');
if (lane > 1) {
  const names = laneNames(lane, process.env);
  Object.assign(process.env, names);
}
