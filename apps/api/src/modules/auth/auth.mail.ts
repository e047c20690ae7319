import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Mail } from '../../lib/mailer.ts';
import { enqueueJob } from '../../lib/queue.ts';

export const MAIL_JOB = 'mail';

/** Mail leaves through the durable queue: enqueued in the caller's transaction, sent by the worker. */
export function registerMailJobs(ctx: AppContext): void {
  ctx.queue.handle(MAIL_JOB, async (payload) => {
    await ctx.mailer.send(payload as Mail);
  });
}

export async function enqueueMail(tx: Db, mail: Mail): Promise<void> {
  await enqueueJob(tx, MAIL_JOB, mail);
}

export function loginCodeMail(to: string, code: number, minutes: number): Mail {
  return {
    to,
    subject: `Код для входа в HR-клуб: ${code}`,
    text: `Ваш код для входа в HR-клуб: ${code}\n\nКод действует ${minutes} минут. Если вы не запрашивали вход, просто проигнорируйте это письмо.`,
    html: `<p>Ваш код для входа в HR-клуб:</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>Код действует ${minutes} минут. Если вы не запрашивали вход, просто проигнорируйте это письмо.</p>`,
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: 'Восстановление доступа к HR-клубу',
    text: `Чтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует ${minutes} минут и только один раз. Если вы не просили восстановить доступ, ничего делать не нужно.`,
    html: `<p>Чтобы задать новый пароль, откройте ссылку:</p><p><a href="${escapeHtml(link)}">Задать новый пароль</a></p><p>Ссылка действует ${minutes} минут и только один раз. Если вы не просили восстановить доступ, ничего делать не нужно.</p>`,
  };
}

export function welcomeMail(to: string, name: string, appUrl: string): Mail {
  return {
    to,
    subject: 'Добро пожаловать в HR-клуб',
    text: `${name}, спасибо за регистрацию в HR-клубе!\n\nВаш личный кабинет: ${appUrl}/profile`,
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
