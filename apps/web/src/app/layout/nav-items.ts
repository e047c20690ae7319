export type NavItem = {
  to: string;
  label: string;
  /** Only for members: a visitor is shown only what a visitor can use. */
  members?: boolean;
  /** Highlighted on these addresses; by default on `to` and everything under it. */
  activeOn?: RegExp;
};

/** Header navigation; names differ from the footer's links on purpose (unambiguous for screen readers). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Кандидаты', activeOn: /^\/(search)?$/ },
  { to: '/popular_resume', label: 'Популярные', members: true },
  { to: '/favourite', label: 'Избранное', members: true },
  // Saved searches; the digest's unsubscribe page (/autosearch/unsubscribe/…) is anyone's.
  { to: '/autosearch', label: 'Автопоиски', members: true, activeOn: /^\/autosearch(\/\d+)?\/?$/ },
  { to: '/history', label: 'История', members: true },
  // A vacancy's public page (/vacancy/123) is anyone's: «Мои вакансии» is the list and the owner's own pages.
  { to: '/vacancy', label: 'Мои вакансии', members: true, activeOn: /^\/vacancy(\/create|\/templates|\/analytics|\/\d+\/(edit|reply|analytics)(\/.*)?)?\/?$/ },
];

export const ADMIN_NAV_ITEM: NavItem = { to: '/admin', label: 'Админка', members: true };

/**
 * The sections this viewer can open. While the session is not known yet (`unknown`) the visitor's
 * list stands: a member's page arrives with the session (the server puts it in the page), so the
 * list is right from the first frame.
 */
export function navItemsFor(status: 'unknown' | 'guest' | 'member', accountType?: string): readonly NavItem[] {
  if (status !== 'member') return NAV_ITEMS.filter((item) => !item.members);
  return accountType === 'admin' ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
}

export function isNavActive(item: NavItem, pathname: string): boolean {
  if (item.activeOn) return item.activeOn.test(pathname);
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
