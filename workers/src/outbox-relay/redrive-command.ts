import { createDb, createOutboxRepository } from '@qahwa/db';
import { loadWorkersConfig } from '../config';

/**
 * Re-drives outbox dead letters from a terminal, for operators without the back office:
 *
 *   npm run outbox:redrive -w @qahwa/workers -- --list       lists them (newest first)
 *   npm run outbox:redrive -w @qahwa/workers -- <id> [<id>…]  puts these back in the outbox
 *   npm run outbox:redrive -w @qahwa/workers -- --all        puts every one back
 *
 * A re-driven event is due at once with a fresh count of attempts; a running relay publishes it
 * (Nats-Msg-Id is still its id, so a copy JetStream already holds is dropped).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USAGE = 'usage: outbox:redrive -- --list | --all | <dead-letter id> [<id> ...]';

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes('--help')) {
    console.error(USAGE);
    return 2;
  }
  const bad = args.filter((a) => a !== '--all' && a !== '--list' && !UUID.test(a));
  if (bad.length > 0 || (args.length > 1 && (args.includes('--all') || args.includes('--list')))) {
    console.error(`not a dead-letter id: ${bad.join(' ') || args.join(' ')}\n${USAGE}`);
    return 2;
  }
  const config = loadWorkersConfig();
  const handle = createDb(config.db.url, { ...config.db, max: 1, applicationName: 'outbox-redrive' });
  try {
    const outbox = createOutboxRepository(handle.db);
    if (args[0] === '--list') {
      const { rows, total } = await outbox.listDeadLetters({ limit: 200, offset: 0 });
      for (const r of rows) {
        console.log(
          `${r.id}  ${r.type}  attempts=${r.attempts}  dead ${r.deadAt.toISOString()}  ${r.lastError ?? ''}`,
        );
      }
      console.log(`${total} dead letter(s)${total > rows.length ? ` (first ${rows.length} shown)` : ''}`);
      return 0;
    }
    const wanted = args[0] === '--all' ? 'all' : args;
    const redriven = await outbox.redrive(wanted);
    for (const id of redriven) console.log(`re-driven ${id}`);
    const missing = wanted === 'all' ? [] : wanted.filter((id) => !redriven.includes(id.toLowerCase()));
    for (const id of missing) console.error(`no dead letter ${id}`);
    console.log(`${redriven.length} event(s) back in the outbox`);
    return missing.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`outbox:redrive failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
