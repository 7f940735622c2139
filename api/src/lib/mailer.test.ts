import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createTestApp, parseMail } from '../test/test-app';
import { createMailer } from './mailer';

const from = 'Dealer portal <no-reply@portal.local>';
const mail = {
  to: 'dealer@demo.test', subject: 'Password restore', text: 'Восстановление пароля: https://portal.example/restore/abc',
};

/** A local SMTP server that refuses every recipient until `accepting` is set. */
async function startSmtp() {
  const state = { accepting: false, received: [] as { rcptTo: string[]; message: string }[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(state.accepting ? null : Object.assign(new Error('Mailbox unavailable'), { responseCode: 554 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        state.received.push({ rcptTo, message: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

describe('mailer', () => {
  let outboxDir: string;
  const emls = () => readdirSync(outboxDir).filter((n) => n.endsWith('.eml'));
  beforeEach(() => { outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-mail-')), 'outbox'); });
  afterEach(() => rmSync(path.dirname(outboxDir), { recursive: true, force: true }));

  test('without SMTP the mail is an .eml in the outbox, and a flush leaves it there', async () => {
    const mailer = createMailer({ from, outboxDir });
    const result = await mailer.send(mail);
    expect(result.via).toBe('outbox');
    expect(emls()).toEqual([path.basename(result.file!)]);
    const eml = readFileSync(result.file!, 'utf8');
    expect(eml).toMatch(/^To: dealer@demo\.test$/m);
    expect(eml).toMatch(/^Subject: Password restore$/m);
    expect(parseMail(eml).text).toContain(mail.text);
    expect(await mailer.flushOutbox()).toBe(0);
    expect(emls()).toHaveLength(1);
  });

  test('the outbox folders are readable by their owner only (0700), and so is every mail in them (0600)', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from, outboxDir });
      const queued = await mailer.send(mail);
      const mode = (file: string) => statSync(file).mode & 0o777;
      expect({ folder: mode(outboxDir), mail: mode(queued.file!) }).toEqual({ folder: 0o700, mail: 0o600 });
      smtp.state.accepting = true;
      expect(await mailer.flushOutbox()).toBe(1);
      const sent = path.join(outboxDir, 'sent');
      expect({ folder: mode(sent), mail: mode(path.join(sent, path.basename(queued.file!))) }).toEqual({ folder: 0o700, mail: 0o600 });
    } finally {
      await smtp.close();
    }
  });

  test('mail SMTP refuses waits in the outbox; once the server accepts, a flush delivers it to sent/', async () => {
    const smtp = await startSmtp();
    try {
      const log = jest.fn();
      const mailer = createMailer({ smtpUrl: smtp.url, from, outboxDir, log });
      const result = await mailer.send(mail);
      expect(result.via).toBe('outbox');
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/SMTP failed/), expect.objectContaining({ responseCode: 554 }));
      expect(emls()).toHaveLength(1);

      // Still refused: the file stays for the next try.
      expect(await mailer.flushOutbox()).toBe(0);
      expect(emls()).toHaveLength(1);

      smtp.state.accepting = true;
      const name = emls()[0];
      expect(await mailer.flushOutbox()).toBe(1);
      expect(smtp.state.received).toHaveLength(1);
      const [delivered] = smtp.state.received;
      // The envelope came from the file's headers.
      expect(delivered.rcptTo).toEqual(['dealer@demo.test']);
      expect(delivered.message).toMatch(/^Subject: Password restore$/m);
      expect(parseMail(delivered.message).text).toContain(mail.text);
      expect(emls()).toEqual([]);
      expect(readdirSync(path.join(outboxDir, 'sent'))).toEqual([name]);

      // Nothing is sent twice.
      expect(await mailer.flushOutbox()).toBe(0);
      expect(smtp.state.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  test('with SMTP accepting, mail goes straight out and nothing is queued', async () => {
    const smtp = await startSmtp();
    try {
      smtp.state.accepting = true;
      const mailer = createMailer({ smtpUrl: smtp.url, from, outboxDir });
      expect(await mailer.send(mail)).toEqual({ via: 'smtp' });
      expect(smtp.state.received.map((r) => r.rcptTo)).toEqual([['dealer@demo.test']]);
      expect(await mailer.flushOutbox()).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  test('the application retries the outbox on its timer', async () => {
    const smtp = await startSmtp();
    let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
    try {
      t = await createTestApp('sqlite', { smtpUrl: smtp.url, mailRetrySeconds: 0.05 });
      expect((await t.app.mailer.send(mail)).via).toBe('outbox');
      smtp.state.accepting = true;
      for (let i = 0; i < 100 && smtp.state.received.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(smtp.state.received.map((r) => r.rcptTo)).toEqual([['dealer@demo.test']]);
    } finally {
      // The SMTP server closes even when the app never started: a listening socket left behind keeps
      // jest (in one process on 2 cores) from ever exiting.
      await t?.close();
      await smtp.close();
    }
  });
});
