import { createServer, type Socket } from 'node:net';

/**
 * A tiny SMTP server for tests: enough of RFC 5321 for nodemailer (EHLO/HELO, AUTH PLAIN,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeping every message it accepts.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) with dot-stuffing removed. */
  data: string;
  user: string | null;
}

export interface TestSmtpServerOptions {
  /** Accepts only this login (AUTH PLAIN) when set. */
  auth?: { user: string; pass: string };
  /** The reply to RCPT TO for an address, e.g. '550 No such user'; undefined accepts. */
  rcptReply?: (address: string) => string | undefined;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const addressIn = (argument: string) => /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();

export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');

    let buffer = '';
    let user: string | null = null;
    let envelope: { from: string; to: string[] } | null = null;
    let dataLines: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      if (dataLines) {
        if (line === '.') {
          received.push({ from: envelope!.from, to: envelope!.to, data: dataLines.join('\r\n'), user });
          dataLines = null;
          envelope = null;
          reply('250 2.0.0 Ok: queued');
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-test.local');
          reply('250-8BITMIME');
          reply(options.auth ? '250 AUTH PLAIN' : '250 SIZE 10485760');
          return;
        case 'HELO':
          return reply('250 test.local');
        case 'AUTH': {
          const [mechanism, initial] = argument.split(' ');
          if (mechanism?.toUpperCase() !== 'PLAIN' || !initial) return reply('504 5.5.4 Unrecognized authentication type');
          const [, login, pass] = Buffer.from(initial, 'base64').toString('utf8').split('\0');
          if (options.auth && login === options.auth.user && pass === options.auth.pass) {
            user = login;
            return reply('235 2.7.0 Authentication successful');
          }
          return reply('535 5.7.8 Authentication credentials invalid');
        }
        case 'MAIL':
          if (options.auth && !user) return reply('530 5.7.0 Authentication required');
          envelope = { from: addressIn(argument), to: [] };
          return reply('250 2.1.0 Ok');
        case 'RCPT': {
          if (!envelope) return reply('503 5.5.1 Need MAIL first');
          const address = addressIn(argument);
          const refusal = options.rcptReply?.(address);
          if (refusal) return reply(refusal);
          envelope.to.push(address);
          return reply('250 2.1.5 Ok');
        }
        case 'DATA':
          if (!envelope || envelope.to.length === 0) return reply('503 5.5.1 Need RCPT first');
          dataLines = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          envelope = null;
          return reply('250 2.0.0 Ok');
        case 'NOOP':
          return reply('250 2.0.0 Ok');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          return reply('502 5.5.2 Command not recognized');
      }
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
      }
    });
    reply('220 test.local ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
