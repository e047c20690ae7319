import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { PermanentJobError } from './job-errors.ts';

/**
 * One letter. `secret`: it carries a login code or a reset link, so the queue sends it before
 * anything else and scrubs it from the jobs table once it is sent (see src/jobs/registry.ts).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  secret?: boolean;
  /** Extra headers, e.g. a digest's List-Unsubscribe (RFC 8058 one-click). */
  headers?: Record<string, string>;
  /** An RFC 5545 invitation sent with the letter (nodemailer's text/calendar alternative). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
  /** The reply_messages row whose delivery this letter is (the job handler records the outcome). */
  replyMessageId?: number;
};
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * Every SMTP step gives up quickly: a server that accepts the connection and never answers costs a
 * lane of the queue seconds, not minutes, and always well inside the job lease (JOB_LEASE_SECONDS,
 * 5 minutes; a send that outlived its lease could be claimed again and go out twice). nodemailer's
 * own defaults (2 minutes to connect, 10 minutes of socket silence) are far longer.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 5_000 };

/** The SMTP commands whose 5xx refusal is about this letter or its recipient: final, no retry helps. */
const PERMANENT_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

type SmtpError = Error & { code?: string; responseCode?: number; command?: string; response?: string };

/**
 * A failed send in the words of the back office's list of failed mail: a permanent refusal (5xx to
 * MAIL FROM, RCPT TO or DATA; an address nodemailer cannot use) becomes a PermanentJobError, which
 * the queue fails at once; anything else stays a temporary failure, retried with backoff.
 */
export function mailFailure(err: unknown): Error {
  const e = err as SmtpError;
  const reply = (e.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 500);
  if (e.responseCode && e.responseCode >= 500 && e.responseCode < 600 && PERMANENT_COMMANDS.has(e.command ?? '')) {
    return new PermanentJobError(`Почтовый сервер окончательно отказал (${e.command}, код ${e.responseCode}): ${reply}`);
  }
  if (e.code === 'EENVELOPE' && e.command === 'API') return new PermanentJobError(`Недопустимый адрес письма: ${e.message}`);
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) {
    return new Error(`Почтовый сервер не ответил вовремя (${e.command ?? 'соединение'}): ${e.message}`);
  }
  if (e.responseCode) return new Error(`Почтовый сервер временно отказал (${e.command ?? '?'}, код ${e.responseCode}): ${reply}`);
  const cause = NETWORK_CAUSES[e.code ?? ''] ?? NETWORK_CAUSES[/\b(E[A-Z]+)\b/.exec(e.message ?? '')?.[1] ?? ''];
  // The system's own words stay after the Russian cause: the operator searches for them.
  if (cause) return new Error(`Не удалось отправить письмо: ${cause} (${e.message})`);
  return new Error(`Не удалось отправить письмо: ${e.message ?? String(err)}`);
}

/** Network failures an operator meets, in the back office's words (the «Почта» page shows them). */
const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'почтовый сервер не принимает соединения — он не запущен или адрес и порт в SMTP_URL неверны',
  ENOTFOUND: 'имя почтового сервера из SMTP_URL не найдено в DNS',
  EAI_AGAIN: 'DNS не ответил, имя почтового сервера не удалось узнать',
  ECONNRESET: 'почтовый сервер оборвал соединение',
  EHOSTUNREACH: 'почтовый сервер недоступен по сети',
  ENETUNREACH: 'сеть до почтового сервера недоступна',
  EAUTH: 'почтовый сервер не принял логин или пароль из SMTP_URL',
  ETLS: 'не удалось установить защищённое соединение с почтовым сервером',
};

/** Real SMTP when SMTP_URL is set; otherwise the log and the mail_outbox table. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  database: Database;
  log: FastifyBaseLogger;
  /** A private (development) site prints each letter, codes and links included, so one can sign in without SMTP. */
  logContents?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    // One kept-open connection per lane of the queue: each lane sends one letter at a time, and a
    // fan-out of thousands of copies should not pay a TCP/TLS handshake for each (about 3× faster on
    // loopback). Login codes and reset links (`secret`) have a connection of their own, so a letter
    // stuck on the ordinary one never holds them up.
    const pool = () => nodemailer.createTransport(new SMTPPool({ url: opts.smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS_MS }));
    const ordinary = pool();
    const urgent = pool();
    return {
      async send({ secret, replyMessageId: _message, ...mail }) {
        try {
          await (secret ? urgent : ordinary).sendMail({ from: opts.from, ...mail });
        } catch (err) {
          throw mailFailure(err);
        }
      },
      close: () => {
        ordinary.close();
        urgent.close();
      },
    };
  }
  return {
    async send({ secret: _secret, headers: _headers, icalEvent: _ical, replyMessageId: _message, ...mail }) {
      await opts.database.db.insert(mailOutbox).values(mail);
      // Anywhere else the log holds no address, code or link: the letter is in mail_outbox only.
      if (opts.logContents) opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in mail_outbox (no SMTP_URL)');
      else opts.log.info('mail kept in mail_outbox (no SMTP_URL)');
    },
    close() {},
  };
}
