import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, messageIdFor } from './smtp';
import { startTestSmtpServer, type TestSmtpServer } from './testing/smtp-server';
import { MailDeliveryError } from './types';

const FROM = 'App Admin <no-reply@community.example>';

let server: TestSmtpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The raw message's headers, unfolded, by lower-case name. */
function headersOf(data: string): Record<string, string> {
  const head = data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

describe('SMTP mailer', () => {
  it('delivers a message over a real SMTP conversation', async () => {
    server = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: server.url, from: FROM });

    const sent = await mailer.send({
      to: 'staff@community.example',
      subject: 'Your sign-in link',
      html: '<p>Hello,</p><p><a href="https://console.example/login?token=abc">Sign in</a></p>',
      idempotencyKey: '-Nabc123',
    });
    await mailer.close?.();

    expect(sent).toEqual({ id: messageIdFor('-Nabc123', FROM), transport: 'smtp' });
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('no-reply@community.example');
    expect(mail!.to).toEqual(['staff@community.example']);
    const headers = headersOf(mail!.data);
    expect(headers['subject']).toBe('Your sign-in link');
    expect(headers['to']).toBe('staff@community.example');
    expect(headers['message-id']).toBe(sent.id);
    expect(headers['x-idempotency-key']).toBe('-Nabc123');
    expect(mail!.data).toContain('text/html');
    expect(mail!.data).toContain('text/plain');
    expect(mail!.data).toContain('Hello,\r\n\r\nSign in (https://console.example/login?token=abc)');
  });

  it('gives the same Message-ID to the same idempotency key', () => {
    expect(messageIdFor('key-1', FROM)).toBe(messageIdFor('key-1', FROM));
    expect(messageIdFor('key-1', FROM)).not.toBe(messageIdFor('key-2', FROM));
    expect(messageIdFor('key-1', FROM)).toMatch(/^<[0-9a-f]{32}@community\.example>$/);
  });

  it('logs in with the credentials of the URL', async () => {
    server = await startTestSmtpServer({ auth: { user: 'mailer', pass: 's3cret/pass' } });
    const mailer = createSmtpMailer({ url: `smtp://mailer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${server.port}`, from: FROM });
    await mailer.send({ to: 'a@community.example', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', idempotencyKey: 'k' });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.user).toBe('mailer');

    const wrong = createSmtpMailer({ url: `smtp://mailer:nope@127.0.0.1:${server.port}`, from: FROM });
    const failure = await wrong
      .send({ to: 'a@community.example', subject: 'Hi', html: '<p>Hi</p>', idempotencyKey: 'k2' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    // A refused login is a configuration problem: retrying after it is fixed can succeed.
    expect((failure as MailDeliveryError).permanent).toBe(false);
  });

  it('reports a refused recipient as permanent and a busy server as temporary', async () => {
    server = await startTestSmtpServer({
      rcptReply: (address) =>
        address.startsWith('gone@') ? '550 5.1.1 No such user' : address.startsWith('busy@') ? '451 4.3.0 Try again later' : undefined,
    });
    const mailer = createSmtpMailer({ url: server.url, from: FROM });

    const gone = await mailer
      .send({ to: 'gone@community.example', subject: 'x', html: '<p>x</p>', idempotencyKey: 'g' })
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(MailDeliveryError);
    expect((gone as MailDeliveryError).permanent).toBe(true);
    expect((gone as MailDeliveryError).responseCode).toBe(550);

    const busy = await mailer
      .send({ to: 'busy@community.example', subject: 'x', html: '<p>x</p>', idempotencyKey: 'b' })
      .catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(MailDeliveryError);
    expect((busy as MailDeliveryError).permanent).toBe(false);
    expect(server.received).toHaveLength(0);
  });

  it('reports an unreachable server as a temporary failure', async () => {
    server = await startTestSmtpServer();
    const url = server.url;
    await server.close();
    server = undefined;
    const mailer = createSmtpMailer({ url, from: FROM });
    const failure = await mailer
      .send({ to: 'a@community.example', subject: 'x', html: '<p>x</p>', idempotencyKey: 'u' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).permanent).toBe(false);
  });
});
