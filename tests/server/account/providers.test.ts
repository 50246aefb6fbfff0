import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';
import { pgliteCopy } from '../support/templates';
import { outbox } from '../../../server/src/db/schema';
import { createMailProvider } from '../../../server/src/providers/mail/index';
import { createSmsProvider } from '../../../server/src/providers/sms/index';

const SMTP_PORT = 3411;
const SMS_PORT = 3412;

let database: Database;
const logged: { obj: object; msg?: string }[] = [];
const log = { info: (obj: object, msg?: string) => void logged.push({ obj, msg }) };

beforeAll(async () => {
  database = await pgliteCopy('empty');
});
afterAll(async () => {
  await database.close();
});

/** Just enough SMTP (RFC 5321) to accept one message and keep what came in DATA. */
function smtpStub(received: string[]) {
  return createTcpServer((sock) => {
    let inData = false;
    let data = '';
    sock.write('220 stub ESMTP\r\n');
    sock.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            sock.write('250 queued\r\n');
          } else data += line + '\n';
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (!line) continue;
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250 stub\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 ok\r\n');
      }
    });
  });
}

describe('mail provider', () => {
  it('offline: keeps the message in the outbox and logs the body only in development', async () => {
    const dev = createMailProvider({ env: 'development', mailFrom: 'x@y', smtpUrl: undefined }, database.db, log);
    expect(dev.name).toBe('outbox');
    await dev.send({ to: 'asha@example.in', subject: 'Reset', text: 'link https://x/reset?token=abc' });
    const prod = createMailProvider({ env: 'production', mailFrom: 'x@y', smtpUrl: undefined }, database.db, log);
    await prod.send({ to: 'ravi@example.in', subject: 'Reset', text: 'secret link' });

    const rows = await database.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    expect(rows.map((r) => [r.recipient, r.subject, r.body])).toEqual([
      ['asha@example.in', 'Reset', 'link https://x/reset?token=abc'],
      ['ravi@example.in', 'Reset', 'secret link'],
    ]);
    expect(JSON.stringify(logged[0].obj)).toContain('token=abc');
    expect(JSON.stringify(logged[1].obj)).not.toContain('secret link');
  });

  it('SMTP: delivers through the server named by SMTP_URL', async () => {
    const received: string[] = [];
    const server = smtpStub(received);
    await new Promise<void>((r) => server.listen(SMTP_PORT, '127.0.0.1', r));
    try {
      const mail = createMailProvider(
        { env: 'production', mailFrom: 'ShetMitra <no-reply@shetmitra.local>', smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}` },
        database.db,
        log,
      );
      expect(mail.name).toBe('smtp');
      await mail.send({ to: 'asha@example.in', subject: 'Reset your password', text: 'Open this link' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: asha@example.in$/m);
      expect(received[0]).toMatch(/^Subject: Reset your password$/m);
      expect(received[0]).toContain('Open this link');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('SMS provider', () => {
  let server: Server;
  const hits: { auth?: string; body: unknown }[] = [];
  let failNext = false;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hits.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.statusCode = failNext ? 502 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(SMS_PORT, '127.0.0.1', r));
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('HTTP: posts the message with the API key and +91 on Indian numbers', async () => {
    const sms = createSmsProvider({ env: 'production', smsUrl: `http://127.0.0.1:${SMS_PORT}/send`, smsApiKey: 'k1' }, database.db, log);
    expect(sms.name).toBe('http');
    await sms.send({ to: '9876543210', text: 'Your code is 123456' });
    expect(hits.at(-1)).toEqual({ auth: 'Bearer k1', body: { to: '+919876543210', message: 'Your code is 123456' } });
  });

  it('HTTP: a gateway error is an error', async () => {
    failNext = true;
    const sms = createSmsProvider({ env: 'production', smsUrl: `http://127.0.0.1:${SMS_PORT}/send`, smsApiKey: undefined }, database.db, log);
    await expect(sms.send({ to: '9876543210', text: 'x' })).rejects.toThrow(/502/);
    expect(hits.at(-1)?.auth).toBeUndefined();
    failNext = false;
  });

  it('offline: keeps the text in the outbox', async () => {
    const sms = createSmsProvider({ env: 'production', smsUrl: undefined, smsApiKey: undefined }, database.db, log);
    expect(sms.name).toBe('outbox');
    await sms.send({ to: '9876543210', text: 'Your code is 202611' });
    const rows = await database.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
    expect(rows.map((r) => [r.recipient, r.body])).toEqual([['9876543210', 'Your code is 202611']]);
    expect(JSON.stringify(logged.at(-1)?.obj)).not.toContain('202611');
  });

  it('offline with the demo world: the log shows the text too, so the code can be read there', async () => {
    const sms = createSmsProvider({ env: 'production', smsUrl: undefined, smsApiKey: undefined, demo: true }, database.db, log);
    await sms.send({ to: '9822012345', text: 'Your code is 314159' });
    expect(logged.at(-1)).toEqual({ obj: { to: '9822012345', text: 'Your code is 314159' }, msg: 'SMS kept in the outbox (no SMS_URL set)' });
  });
});
