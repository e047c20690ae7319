import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/** Real SMTP when SMTP_URL is set; otherwise the log and the mail_outbox table. */
export function createMailer(opts: { smtpUrl?: string; from: string; database: Database; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      await opts.database.db.insert(mailOutbox).values(mail);
      opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in mail_outbox (no SMTP_URL)');
    },
    close() {},
  };
}
