// Mail (restore links, registration decisions): SMTP when SMTP_URL is set; otherwise, or when SMTP
// fails, an .eml file in DATA_DIR/outbox/ that a developer can open. Nothing is lost (design §6).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Answers where the mail went: 'smtp' or the outbox file. */
  send(mail: Mail): Promise<{ via: 'smtp' | 'outbox'; file?: string }>;
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log?: (msg: string, err?: unknown) => void }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function toOutbox(mail: Mail): Promise<string> {
    const info = await writer.sendMail({ from: options.from, ...mail, textEncoding: 'quoted-printable' });
    await mkdir(options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(options.outboxDir, name);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    return file;
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
  };
}
