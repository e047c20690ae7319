import { plural } from '@/shared/lib/format.ts';

const NEW_FORMS = ['новое', 'новых', 'новых'] as const;

/** «1 новое», «2 новых», «5 новых», «21 новое». */
export const unreadText = (count: number): string => `${count} ${plural(count, NEW_FORMS)}`;

/** The bell's accessible name: «Уведомления», or «Уведомления: 5 новых» while some are unread. */
export const bellLabel = (count: number): string => (count > 0 ? `Уведомления: ${unreadText(count)}` : 'Уведомления');

/** The figure drawn on the bell: «7», and «99+» past 99 so it stays a small badge. */
export const bellCountText = (count: number): string => (count > 99 ? '99+' : String(count));
