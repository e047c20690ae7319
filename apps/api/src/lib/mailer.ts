import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/**
 * One letter. `secret`: it carries a login code or a reset link, so the queue sends it before
 * anything else and scrubs it from the jobs table once it is sent (see src/jobs/registry.ts).
 */
export type Mail = { to: string; subject: string; text: string; html?: string; secret?: boolean };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * Every SMTP step gives up well inside the job lease (JOB_LEASE_SECONDS, 5 minutes): a send that
 * outlived its lease could be claimed again by another worker and go out twice. nodemailer's own
 * defaults (2 minutes to connect, 10 minutes of socket silence) are longer than that.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** Real SMTP when SMTP_URL is set; otherwise the log and the mail_outbox table. */
export function createMailer(opts: { smtpUrl?: string; from: string; database: Database; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    // One kept-open connection: the worker sends one letter at a time, and a fan-out of thousands
    // of copies should not pay a TCP/TLS handshake for each (about 3× faster on loopback).
    const transport = nodemailer.createTransport(new SMTPPool({ url: opts.smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS_MS }));
    return {
      async send({ secret: _secret, ...mail }) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send({ secret: _secret, ...mail }) {
      await opts.database.db.insert(mailOutbox).values(mail);
      opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in mail_outbox (no SMTP_URL)');
    },
    close() {},
  };
}
