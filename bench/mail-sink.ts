import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';

/**
 * The bench's stand-in for Brevo's SMTP relay: a minimal RFC 5321 server that accepts every
 * message and keeps nothing but a count. MailDev, which the bench used before, parsed and stored
 * each mail — 7 ms of CPU per order on this two-core machine that a production box never spends
 * (Brevo's relay is elsewhere), taken from the store it measures (docs/performance.md). The mails
 * the bench checks are the `emails` rows the workers mark sent once the relay said 250.
 *
 * Usage: tsx bench/mail-sink.ts <smtp port> <http port>; GET http://…:<http port>/ answers the
 * count of messages accepted.
 */
const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
let accepted = 0;

function session(socket: Socket) {
  let inData = false;
  let buffer = '';
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 bench-mail-sink ESMTP');
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) {
          // Keep only what may hold the start of the terminator.
          buffer = buffer.slice(-4);
          return;
        }
        buffer = buffer.slice(end + 5);
        inData = false;
        accepted++;
        reply('250 2.0.0 accepted');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250 bench-mail-sink');
      else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
        reply('250 2.0.0 ok');
      else if (verb === 'DATA') {
        inData = true;
        // The terminator may follow at once: look for it from the start of the body.
        buffer = `\r\n${buffer}`;
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 bye');
        socket.end();
        return;
      } else reply('502 5.5.1 not implemented');
    }
  });
  socket.on('error', () => socket.destroy());
}

createServer(session).listen(smtpPort, '127.0.0.1');
createHttpServer((_req, res) => res.end(JSON.stringify({ accepted }))).listen(httpPort, '127.0.0.1');
