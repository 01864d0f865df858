import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { SERVICE_DEFAULTS } from '@qahwa/schema/reference';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, isMailSendError, type Mailer } from '../src/mailer';
import { mailCatcher } from '../src/testing';

/**
 * The SMTP transport against real MailDev: mails share a few open connections, and a server that
 * hangs fails the send within the configured timeouts (a consumer's claim lease depends on it).
 */
const smtp = new URL(process.env.SMTP_URL ?? SERVICE_DEFAULTS.smtpUrl);
const catcher = mailCatcher(process.env.MAILDEV_API_URL ?? SERVICE_DEFAULTS.maildevApiUrl);
const silent = pino({ level: 'silent' });

const servers: Server[] = [];
const mailers: Mailer[] = [];
afterEach(async () => {
  for (const m of mailers.splice(0)) m.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TCP server on a free port; resolves its port. */
async function listen(onSocket: (s: Socket) => void): Promise<number> {
  const server = createServer(onSocket);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

describe('mailer', () => {
  it('sends several mails over one SMTP connection, and each arrives', async () => {
    // A relay in front of MailDev counts the connections the mailer opens.
    let connections = 0;
    const port = await listen((client) => {
      connections++;
      const upstream = connect(Number(smtp.port), smtp.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'qahwa <orders@qahwa.local>',
      logger: silent,
    });
    mailers.push(mailer);
    const run = randomUUID().slice(0, 8);
    for (let i = 0; i < 5; i++) {
      await mailer.send({
        to: `pool-${run}-${i}@example.ae`,
        subject: `Pool ${run} ${i}`,
        html: '<p>hi</p>',
        text: 'hi',
      });
    }
    expect(connections).toBe(1);
    for (let i = 0; i < 5; i++) {
      const mail = await catcher.waitForMessage((m) => m.subject === `Pool ${run} ${i}`);
      expect(mail.to[0]?.address).toBe(`pool-${run}-${i}@example.ae`);
    }
  });

  it('gives up on a server that accepts the connection but never greets, within the greeting timeout', async () => {
    const port = await listen(() => {
      /* accepts and says nothing */
    });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'qahwa <orders@qahwa.local>',
      logger: silent,
      timeoutsMs: { connection: 1_000, greeting: 300, socket: 2_000 },
    });
    mailers.push(mailer);
    const began = Date.now();
    const err = await mailer
      .send({ to: 'hang@example.ae', subject: 'never', html: '<p>x</p>', text: 'x' })
      .catch((e: unknown) => e);
    expect(isMailSendError(err)).toBe(true);
    // nodemailer's own default would wait 30 s for the greeting.
    expect(Date.now() - began).toBeLessThan(3_000);
  }, 10_000);
});
