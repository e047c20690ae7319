import { Link, useLocation } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { isNavActive, navItemsFor } from './nav-items.ts';

type HeaderNavProps = {
  /** `header-link` in the header, `drawer-link` in the phone's menu. */
  linkClass: string;
  onNavigate?: () => void;
};

/** The sections this viewer can use, the current one highlighted (the header and its shell draw the same). */
export function HeaderNavLinks({ linkClass, onNavigate }: HeaderNavProps) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  return navItemsFor(status, user?.account_type).map((item) => {
    const active = isNavActive(item, pathname);
    return (
      <Link
        key={item.to}
        to={item.to}
        className={active ? `${linkClass} active` : linkClass}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {item.label}
      </Link>
    );
  });
}
