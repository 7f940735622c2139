// Mail (restore links, registration decisions): SMTP when SMTP_URL is set; otherwise, or when SMTP
// fails, an .eml file in DATA_DIR/outbox/ that a developer can open. Nothing is lost (design §6):
// with SMTP, `flushOutbox` (on a timer, app.ts) sends the queued files and moves them to outbox/sent/.
// The outbox folders are made 0700 and the mails 0600: they carry restore links.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Answers where the mail went: 'smtp' or the outbox file. */
  send(mail: Mail): Promise<{ via: 'smtp' | 'outbox'; file?: string }>;
  /** Sends the outbox through SMTP; answers how many went. A failure stays for the next try. */
  flushOutbox(): Promise<number>;
}

/** The SMTP envelope from the file's own headers: the .eml alone is the queue entry, and a raw
 * message is sent as it is, unparsed. */
function envelopeOf(message: string): { from: string; to: string[] } {
  const head = message.slice(0, message.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const addresses = (names: string) => [...head.matchAll(new RegExp(`^(?:${names}):(.*)$`, 'gim'))]
    .flatMap(([, value]) => addressparser(value, { flatten: true }).map((a) => a.address));
  return { from: addresses('From')[0], to: addresses('To|Cc') };
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log?: (msg: string, err?: unknown) => void }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let flushing: Promise<number> | null = null;

  async function toOutbox(mail: Mail): Promise<string> {
    const info = await writer.sendMail({ from: options.from, ...mail, textEncoding: 'quoted-printable' });
    // The outbox holds restore links, each as good as a password for a day: its owner's only.
    await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(options.outboxDir, name);
    // Written aside and renamed: a flush running meanwhile never sends half a file.
    await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return file;
  }

  async function flush(transport: Transporter): Promise<number> {
    const names = await readdir(options.outboxDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    let sent = 0;
    for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
      const file = path.join(options.outboxDir, name);
      try {
        const raw = await readFile(file);
        await transport.sendMail({ envelope: envelopeOf(raw.toString('utf8')), raw });
        await mkdir(path.join(options.outboxDir, 'sent'), { recursive: true, mode: 0o700 });
        await rename(file, path.join(options.outboxDir, 'sent', name));
        sent += 1;
      } catch (err) {
        options.log?.(`SMTP failed again; ${name} stays in the outbox`, err);
      }
    }
    return sent;
  }

  return {
    async send(mail) {
      if (smtp) {
        try {
          await smtp.sendMail({ from: options.from, ...mail });
          return { via: 'smtp' };
        } catch (err) {
          options.log?.('SMTP failed; the mail goes to the outbox', err);
        }
      }
      return { via: 'outbox', file: await toOutbox(mail) };
    },
    flushOutbox() {
      if (!smtp) return Promise.resolve(0);
      // One pass at a time: a slow server must not let the next tick send the same file twice.
      flushing ??= flush(smtp).finally(() => { flushing = null; });
      return flushing;
    },
  };
}
