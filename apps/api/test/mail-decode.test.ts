// The decoder the browser journeys read mail with (e2e/fixtures/mail-decode.ts; mailparser is not
// installable here), checked on its own: no browser or server is needed for it.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, decodeMail, decodeQuotedPrintable } from '../../../e2e/fixtures/mail-decode.ts';
import { extractLoginCode, extractResetLink } from '../../../e2e/fixtures/mailbox.ts';

describe('the journeys’ mail decoder', () => {
  it('quoted-printable: soft breaks, =XX bytes, UTF-8', () => {
    expect(decodeQuotedPrintable('=D0=9F=D1=80=D0=B8=D0=B2=D0=B5=D1=82, a=3Db=\r\nc').toString('utf8')).toBe('Привет, a=bc');
  });

  it('encoded-word headers (B and Q), adjacent words joined', () => {
    expect(decodeHeaderValue('=?UTF-8?B?0JrQvtC0INC00LvRjyDQstGF0L7QtNCw?=')).toBe('Код для входа');
    expect(decodeHeaderValue('=?UTF-8?Q?=D0=9A=D0=BE=D0=B4_?= =?UTF-8?Q?=D0=B2=D1=85?=')).toBe('Код вх');
    expect(decodeHeaderValue('plain subject')).toBe('plain subject');
  });

  it('multipart/alternative: takes the text/plain part (QP), html kept aside', () => {
    const text = 'Ваш код для входа: 4821\nОн действует 10 минут.';
    const qp = Buffer.from(text, 'utf8')
      .toString('hex')
      .replace(/../g, (h) => `=${h.toUpperCase()}`)
      .replace(/=0A/g, '\r\n');
    const raw = [
      'From: =?UTF-8?B?SFIt0LrQu9GD0LE=?= <no-reply@hr-club.local>',
      'To: user@example.ru',
      'Subject: =?UTF-8?B?0JrQvtC0INC00LvRjyDQstGF0L7QtNCw?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="--_NmP-abc"',
      '',
      '----_NmP-abc',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      qp,
      '----_NmP-abc',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Ваш код: <b>4821</b></p>').toString('base64'),
      '----_NmP-abc--',
      '',
    ].join('\r\n');
    const mail = decodeMail(raw);
    expect(mail.subject).toBe('Код для входа');
    expect(mail.text).toBe(text);
    expect(mail.html).toBe('<p>Ваш код: <b>4821</b></p>');
    expect(extractLoginCode(mail.text)).toBe('4821');
  });

  it('single-part base64 body and a reset link split by QP soft breaks', () => {
    const b64 = decodeMail(
      ['Subject: x', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', Buffer.from('Смена пароля').toString('base64')].join(
        '\r\n',
      ),
    );
    expect(b64.text).toBe('Смена пароля');

    const link = 'http://127.0.0.1:3217/?email=e2e-x%40example.ru&pass_reset_token=abcDEF123_-';
    const qp = `=D0=A1=D1=81=D1=8B=D0=BB=D0=BA=D0=B0: ${link.slice(0, 40).replace(/=/g, '=3D')}=\r\n${link.slice(40).replace(/=/g, '=3D')}\r\n`;
    const mail = decodeMail(['Subject: r', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', qp].join('\r\n'));
    expect(extractResetLink(mail.text)).toBe(link);
  });

  it('a message composed by nodemailer itself round-trips (quoted-printable and base64)', async () => {
    const text = `Здравствуйте!\nСсылка: http://127.0.0.1:3217/?email=a%40b.ru&pass_reset_token=${'x'.repeat(80)}\nКод: 5937 — ёЁ «кавычки»`;
    for (const textEncoding of ['quoted-printable', 'base64'] as const) {
      const raw = await new MailComposer({
        from: 'HR-клуб <no-reply@hr-club.local>',
        to: 'a@b.ru',
        subject: 'Восстановление доступа — HR-клуб',
        text,
        html: `<p>${text}</p>`,
        textEncoding,
      })
        .compile()
        .build();
      const mail = decodeMail(raw.toString('utf8'));
      expect(mail.subject).toBe('Восстановление доступа — HR-клуб');
      expect(mail.text).toBe(text);
    }
  });
});
