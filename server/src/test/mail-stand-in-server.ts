import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

// The journeys' mail server (playwright.config.ts): the storefront's shop delivers its outbox here over SMTP, and a
// journey reads what arrived from `GET http://127.0.0.1:<MAIL_STAND_IN_HTTP_PORT>/messages?to=<address>`.

interface Received {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** The text of a single-part message, its quoted-printable encoding undone. */
export function messageText(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  if (!/^content-transfer-encoding: quoted-printable$/im.test(unfolded)) return { subject, text: body };
  const bytes = body
    .replace(/=\r?\n/g, '')
    .split(/(=[0-9A-F]{2})/i)
    .flatMap((part) =>
      /^=[0-9A-F]{2}$/i.test(part) ? [Number.parseInt(part.slice(1), 16)] : [...Buffer.from(part, 'utf8')],
    );
  return { subject, text: Buffer.from(bytes).toString('utf8') };
}

const received: Received[] = [];
const smtpPort = Number(process.env.MAIL_STAND_IN_SMTP_PORT ?? 5193);
const httpPort = Number(process.env.MAIL_STAND_IN_HTTP_PORT ?? 5194);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        ...messageText(Buffer.concat(chunks).toString('utf8')),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = to ? received.filter((message) => message.to.includes(to)) : received;
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
});
await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
console.log(
  `Mail stand-in listening: SMTP on ${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`,
);
