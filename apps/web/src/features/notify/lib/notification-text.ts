import dayjs from 'dayjs';

/** A notification's message as plain text (an announcement may carry HTML). DOMParser runs no scripts. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  try {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  } catch {
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
}

/** «сегодня, 14:05», «вчера, 09:10», «3 марта, 12:00», «3 марта 2024, 12:00». */
export function whenText(value: string, now = dayjs()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const time = date.format('HH:mm');
  if (date.isSame(now, 'day')) return `сегодня, ${time}`;
  if (date.isSame(now.subtract(1, 'day'), 'day')) return `вчера, ${time}`;
  return date.isSame(now, 'year') ? date.format('D MMMM, HH:mm') : date.format('D MMMM YYYY, HH:mm');
}
