import { startBrevoFake } from './fake';

/**
 * The Brevo fake as a process (scripts/dev.sh starts it on :4020 so `make dev` shows the sync
 * working end to end without an account). The key it accepts comes from the environment.
 */
const port = Number(process.env.BREVO_FAKE_PORT ?? 4020);
const fake = await startBrevoFake({ apiKeys: [process.env.BREVO_API_KEY || 'xkeysib-dev-qahwa'] }, port);
console.log(JSON.stringify({ msg: 'brevo fake listening', url: fake.url }));
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
