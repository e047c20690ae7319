import { escapeHtml, plural, type ResumeCard } from '@hr/contract';

/**
 * The digest's letter and Telegram message, in Russian. The cards come from toCard (the one rule
 * of what a member sees of a candidate): names only for a member with open_contact, never
 * contacts. Every value is HTML-escaped here, whatever it holds.
 */

export type DigestContent = {
  searchId: number;
  name: string;
  /** Resumes new for the member in this digest (the cards are the first of them). */
  total: number;
  cards: ResumeCard[];
  appUrl: string;
  unsubscribeUrl: string;
};

const RESUMES: [string, string, string] = ['новое резюме', 'новых резюме', 'новых резюме'];
const YEARS: [string, string, string] = ['год', 'года', 'лет'];
const MONTHS: [string, string, string] = ['месяц', 'месяца', 'месяцев'];
const CURRENCY: Record<string, string> = { RUR: '₽', RUB: '₽', USD: '$', EUR: '€', KZT: '₸', BYR: 'Br', UAH: '₴' };

export const searchUrl = (appUrl: string, searchId: number) => `${appUrl}/autosearch/${searchId}`;
const resumeUrl = (appUrl: string, hash: string) => `${appUrl}/resume/${encodeURIComponent(hash)}`;

/** «Автопоиск «HR-менеджеры»: 3 новых резюме». */
export function digestSubject(name: string, total: number): string {
  return `Автопоиск «${name}»: ${total} ${plural(total, RESUMES)}`;
}

const grouped = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

function experienceOf(months: number): string {
  if (months <= 0) return 'без опыта';
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [y ? `${y} ${plural(y, YEARS)}` : '', m ? `${m} ${plural(m, MONTHS)}` : ''].filter(Boolean);
  return `опыт ${parts.join(' ')}`;
}

/** The card's lines as plain text (escaped by the caller where it goes into HTML). */
function cardLines(card: ResumeCard): { who: string | null; facts: string; job: string | null } {
  const names = [card.first_name, card.last_name].filter(Boolean).join(' ');
  const who = names || card.initials || null;
  const facts = [
    card.age != null ? `${card.age} ${plural(card.age, YEARS)}` : '',
    card.city?.title ?? '',
    card.salary ? `${grouped(card.salary.amount)} ${CURRENCY[card.salary.currency] ?? card.salary.currency}` : 'зарплата не указана',
    experienceOf(card.total_experience_months),
  ]
    .filter(Boolean)
    .join(' · ');
  const job = card.last_job ? [card.last_job.position, card.last_job.company].filter(Boolean).join(', ') || null : null;
  return { who, facts, job };
}

const more = (c: DigestContent) => c.total - c.cards.length;

export function digestText(c: DigestContent): string {
  const lines = [digestSubject(c.name, c.total), ''];
  for (const card of c.cards) {
    const { who, facts, job } = cardLines(card);
    lines.push(`• ${card.title}${who ? ` — ${who}` : ''}`, `  ${facts}`);
    if (job) lines.push(`  Последнее место: ${job}`);
    lines.push(`  ${resumeUrl(c.appUrl, card.hash)}`, '');
  }
  if (more(c) > 0) lines.push(`И ещё ${more(c)} — ${searchUrl(c.appUrl, c.searchId)}`, '');
  lines.push(`Открыть автопоиск: ${searchUrl(c.appUrl, c.searchId)}`, '');
  lines.push('Вы получили это письмо, потому что подписаны на автопоиск в HR-клубе.');
  lines.push(`Отписаться от этой рассылки: ${c.unsubscribeUrl}`);
  return lines.join('\n');
}

const A = 'color:#1c7ed6;text-decoration:none';

export function digestHtml(c: DigestContent): string {
  const e = escapeHtml;
  const cards = c.cards
    .map((card) => {
      const { who, facts, job } = cardLines(card);
      return `<tr><td style="padding:12px 0;border-bottom:1px solid #e9ecef">
<a href="${e(resumeUrl(c.appUrl, card.hash))}" style="${A};font-size:16px;font-weight:600">${e(card.title)}</a>
${who ? `<div style="color:#212529;margin-top:2px">${e(who)}</div>` : ''}
<div style="color:#495057;margin-top:4px">${e(facts)}</div>
${job ? `<div style="color:#868e96;margin-top:2px">Последнее место: ${e(job)}</div>` : ''}
</td></tr>`;
    })
    .join('\n');
  const rest = more(c);
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(digestSubject(c.name, c.total))}</title></head>
<body style="margin:0;padding:0;background:#f8f9fa;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8f9fa"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fff;border-radius:8px;padding:16px 20px">
<tr><td style="padding-bottom:8px"><div style="color:#868e96;font-size:12px">HR-клуб · Автопоиск</div>
<h1 style="font-size:20px;margin:4px 0 0">${e(c.name)}: ${c.total} ${plural(c.total, RESUMES)}</h1></td></tr>
${cards}
${rest > 0 ? `<tr><td style="padding:12px 0"><a href="${e(searchUrl(c.appUrl, c.searchId))}" style="${A};font-weight:600">ещё ${rest} ${plural(rest, RESUMES)}</a></td></tr>` : ''}
<tr><td style="padding:16px 0 8px"><a href="${e(searchUrl(c.appUrl, c.searchId))}" style="display:inline-block;background:#1c7ed6;color:#fff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:600">Открыть автопоиск</a></td></tr>
<tr><td style="padding-top:12px;color:#868e96;font-size:12px">Вы получили это письмо, потому что подписаны на автопоиск в HR-клубе.
<a href="${e(c.unsubscribeUrl)}" style="color:#868e96">Отписаться от этой рассылки</a> — в один клик, без входа на сайт.</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The Telegram message: the count and the link, no candidate data. */
export function digestTelegramText(c: Pick<DigestContent, 'searchId' | 'name' | 'total' | 'appUrl'>): string {
  return `${digestSubject(c.name, c.total)}\n${searchUrl(c.appUrl, c.searchId)}`;
}
