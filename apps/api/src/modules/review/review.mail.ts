import { escapeHtml, REVIEW_REQUEST_TTL_DAYS } from '@hr/contract';
import type { Mail } from '../../lib/mailer.ts';

export type RequestMailInput = {
  to: string;
  addresseeName: string;
  requester: { name: string; family: string; company: string | null };
  candidate: string;
  position: string | null;
  company: string | null;
  message: string | null;
  link: string;
  again?: boolean;
};

/** The addressee's letter: who asks, about whom, and the public link (no account needed). */
export function reviewRequestMail(m: RequestMailInput): Mail {
  const who = [m.requester.name, m.requester.family].filter(Boolean).join(' ') + (m.requester.company ? ` (${m.requester.company})` : '');
  const about = m.candidate + [m.position, m.company].filter(Boolean).map((s) => `, ${s}`).join('');
  const lines = [
    `${m.addresseeName}, здравствуйте!`,
    '',
    `${who} — участник HR-клуба — просит вас дать рекомендацию о кандидате: ${about}.`,
    'Кандидат согласен на проверку рекомендаций.',
    ...(m.message ? ['', `Сообщение: ${m.message}`] : []),
    '',
    `Оставить отзыв или отказаться: ${m.link}`,
    '',
    `Регистрация не нужна. Ссылка действует ${REVIEW_REQUEST_TTL_DAYS} дней.`,
  ];
  const html = [
    `<p>${escapeHtml(m.addresseeName)}, здравствуйте!</p>`,
    `<p>${escapeHtml(who)} — участник HR-клуба — просит вас дать рекомендацию о кандидате: <b>${escapeHtml(about)}</b>.<br>Кандидат согласен на проверку рекомендаций.</p>`,
    m.message ? `<blockquote>${escapeHtml(m.message).replace(/\n/g, '<br>')}</blockquote>` : '',
    `<p><a href="${escapeHtml(m.link)}">Оставить отзыв или отказаться</a></p>`,
    `<p>Регистрация не нужна. Ссылка действует ${REVIEW_REQUEST_TTL_DAYS} дней.</p>`,
  ].join('');
  return {
    to: m.to,
    subject: `${m.again ? 'Напоминание: ' : ''}запрос рекомендации о кандидате ${m.candidate}`.replace(/^./, (c) => c.toUpperCase()),
    text: lines.join('\n'),
    html,
  };
}
