import { escapeHtml } from '@hr/contract';
import type { Mail } from '../../lib/mailer.ts';

// The letters of signing in; they leave through ctx.mail (lib/mail.ts) like every other.

export function loginCodeMail(to: string, code: number, minutes: number): Mail {
  return {
    to,
    secret: true,
    subject: `Код для входа в HR-клуб: ${code}`,
    text: `Ваш код для входа в HR-клуб: ${code}\n\nКод действует ${minutes} минут. Если вы не запрашивали вход, просто проигнорируйте это письмо.`,
    html: `<p>Ваш код для входа в HR-клуб:</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>Код действует ${minutes} минут. Если вы не запрашивали вход, просто проигнорируйте это письмо.</p>`,
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): Mail {
  return {
    to,
    secret: true,
    subject: 'Восстановление доступа к HR-клубу',
    text: `Чтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует ${minutes} минут и только один раз. Если вы не просили восстановить доступ, ничего делать не нужно.`,
    html: `<p>Чтобы задать новый пароль, откройте ссылку:</p><p><a href="${escapeHtml(link)}">Задать новый пароль</a></p><p>Ссылка действует ${minutes} минут и только один раз. Если вы не просили восстановить доступ, ничего делать не нужно.</p>`,
  };
}


