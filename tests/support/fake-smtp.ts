// A minimal SMTP server for tests: speaks just enough of RFC 5321 (no TLS, no auth) for nodemailer to hand
// over a message, and keeps what it received.
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and MIME body) as sent. */
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** While on, every connection is turned away (421), as by a mail server that is down. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

const RESPONSES: Record<string, string> = { DATA: '354 end with .', QUIT: '221 bye' };

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let refusing = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (refusing) {
      socket.end('421 fake-smtp is down\r\n');
      return;
    }
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line.slice(10).trim();
        if (verb === 'RCPT') current.to.push(line.slice(8).trim());
        if (verb === 'DATA') inData = true;
        reply(RESPONSES[verb] ?? '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refuse: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
