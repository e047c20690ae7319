export type NavItem = { to: string; label: string; end?: boolean };

/** Header navigation; names differ from the footer's links on purpose (unambiguous for screen readers). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Кандидаты', end: true },
  { to: '/popular_resume', label: 'Популярные' },
  { to: '/favourite', label: 'Избранное' },
  { to: '/vacancy', label: 'Мои вакансии' },
];

export const ADMIN_NAV_ITEM: NavItem = { to: '/admin', label: 'Админка' };
