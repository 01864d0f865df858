import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createDb } from '@qahwa/db';
import pino from 'pino';
import { loadWorkersConfig } from '../config';
import { ORDER_STATS_DURABLE } from './order-stats';
import { REBUILDABLE, rebuildProjection } from './rebuild';

/**
 * Rebuilds projections from the stream while the workers keep running (docs/dashboard.md):
 *
 *   npm run projections:rebuild -w @qahwa/workers -- order-stats [product-views …]
 *   npm run projections:rebuild -w @qahwa/workers -- --all
 *
 * A stream whose oldest events have aged out (EVENTS_MAX_AGE_DAYS) is refused unless
 * --accept-partial-history says to rebuild from what is left.
 */
const PARTIAL = '--accept-partial-history';
const USAGE = `usage: projections:rebuild -- [${PARTIAL}] --all | ${Object.keys(REBUILDABLE).join(' | ')} [...]`;

async function main(argv: string[]): Promise<number> {
  const acceptPartialHistory = argv.includes(PARTIAL);
  const args = argv.filter((a) => a !== PARTIAL);
  const names = args.includes('--all') ? Object.keys(REBUILDABLE) : args;
  const unknown = names.filter((n) => !REBUILDABLE[n]);
  if (names.length === 0 || unknown.length > 0) {
    console.error(`${unknown.length > 0 ? `no projection ${unknown.join(' ')}\n` : ''}${USAGE}`);
    return 2;
  }
  const config = loadWorkersConfig();
  const logger = pino({ name: 'projections-rebuild', level: config.logLevel });
  const handle = createDb(config.db.url, { ...config.db, max: 2, applicationName: 'projections-rebuild' });
  const nc = await connect({ ...config.nats, name: 'qahwa-projections-rebuild' });
  try {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    // Never create it here: an empty stream (wrong server, wrong name) would swap in empty tables.
    const known = await jsm.streams.find(`${config.eventsSubjectPrefix}commerce.>`).catch(() => null);
    if (known !== config.eventsStream) {
      console.error(
        `stream ${config.eventsStream} not found on ${config.natsUrl}: the workers create it at start (EVENTS_STREAM, NATS_URL)`,
      );
      return 1;
    }
    for (const name of names) {
      const projection = REBUILDABLE[name]!;
      const result = await rebuildProjection({
        db: handle.db,
        js,
        jsm,
        logger,
        projection,
        // The live consumer's name, as the workers run it (PROJECTION_DURABLE for order-stats).
        consumer: name === ORDER_STATS_DURABLE ? config.projectionDurable : name,
        stream: config.eventsStream,
        analyticsStream: config.analyticsStream,
        subjectPrefix: config.eventsSubjectPrefix,
        acceptPartialHistory,
      });
      const through = Object.entries(result.through).map(([stream, seq]) => `${stream} ${seq}`);
      console.log(
        `${name}: rebuilt ${through.length ? `through ${through.join(', ')}` : 'from the source tables'} (${result.replayed} messages, ${result.skipped} skipped) in ${result.ms} ms`,
      );
    }
    return 0;
  } finally {
    await nc.drain();
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`projections:rebuild failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
