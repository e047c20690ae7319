import dayjs from 'dayjs';

/** «сегодня, 14:05», «вчера, 09:10», «3 марта, 12:00», «3 марта 2024, 12:00». */
export function whenText(value: string, now = dayjs()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const time = date.format('HH:mm');
  if (date.isSame(now, 'day')) return `сегодня, ${time}`;
  if (date.isSame(now.subtract(1, 'day'), 'day')) return `вчера, ${time}`;
  return date.isSame(now, 'year') ? date.format('D MMMM, HH:mm') : date.format('D MMMM YYYY, HH:mm');
}
