import type { Mail } from '../../lib/mailer.ts';

type ConfirmationInput = {
  to: string;
  fio: string;
  vacancy: { id: number; title: string; company: string | null };
  hasFile: boolean;
  appUrl: string;
};

/**
 * The letter a candidate gets right after replying on the public page: which vacancy, what was
 * sent and what happens next. Nothing of the employer's people or contacts: the team writes
 * from their own address when they decide.
 */
export function replyConfirmationMail({ to, fio, vacancy, hasFile, appUrl }: ConfirmationInput): Mail {
  const name = fio.trim().split(/\s+/)[1] ?? fio.trim();
  const where = vacancy.company ? `«${vacancy.title}» (${vacancy.company})` : `«${vacancy.title}»`;
  const text = [
    `Здравствуйте, ${name}!`,
    '',
    `Ваш отклик на вакансию ${where} получен${hasFile ? ' вместе с файлом резюме' : ''}.`,
    '',
    'Что дальше: работодатель рассмотрит отклик и, если ваш опыт подойдёт, свяжется с вами по телефону или почте, которые вы указали. Если вас пригласят или откажут, письмо придёт на этот адрес.',
    '',
    `Вакансия: ${appUrl}/vacancy/${vacancy.id}`,
    '',
    'Если вы не откликались, просто проигнорируйте это письмо.',
    '',
    'HR-клуб',
  ].join('\n');
  return { to, subject: `Отклик на вакансию «${vacancy.title}» получен`, text };
}
