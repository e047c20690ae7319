import { describe, expect, it } from 'vitest';
import { PermanentJobError } from './job-errors.ts';
import { mailFailure } from './mailer.ts';

/** What the back office's «Почта» page says when a letter could not leave: the cause in Russian. */
describe('mailFailure', () => {
  it('names a refused connection in Russian and keeps the system words for the operator', () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' });
    const failure = mailFailure(err);
    expect(failure.message).toBe(
      'Не удалось отправить письмо: почтовый сервер не принимает соединения — он не запущен или адрес и порт в SMTP_URL неверны (connect ECONNREFUSED 127.0.0.1:2525)',
    );
    expect(failure).not.toBeInstanceOf(PermanentJobError);
  });

  it('names a wrong login and an unknown host', () => {
    expect(mailFailure(Object.assign(new Error('Invalid login: 535 bad'), { code: 'EAUTH' })).message).toContain('не принял логин или пароль');
    expect(mailFailure(Object.assign(new Error('getaddrinfo ENOTFOUND smtp.nowhere'), { code: 'EDNS' })).message).toContain('не найдено в DNS');
  });

  it('keeps an unknown failure as it came', () => {
    expect(mailFailure(new Error('something odd')).message).toBe('Не удалось отправить письмо: something odd');
  });
});
