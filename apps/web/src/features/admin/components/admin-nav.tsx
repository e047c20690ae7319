import {
  IconBug,
  IconFileImport,
  IconListDetails,
  IconMailExclamation,
  IconMessageCircle,
  IconShieldLock,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useScrollRow } from '@/shared/ui/use-scroll-row.ts';

type Section = { to: string; label: string; icon: Icon };

export const ADMIN_SECTIONS: readonly Section[] = [
  { to: '/admin', label: 'Пользователи', icon: IconUsers },
  { to: '/admin/education', label: 'Объявления', icon: IconSpeakerphone },
  { to: '/admin/opinions', label: 'Отзывы', icon: IconMessageCircle },
  { to: '/admin/import', label: 'Импорт', icon: IconFileImport },
  { to: '/admin/errors', label: 'Ошибки клиента', icon: IconBug },
  { to: '/admin/mail', label: 'Почта', icon: IconMailExclamation },
  { to: '/admin/audit', label: 'Журнал', icon: IconListDetails },
  { to: '/admin/personal-data', label: 'Персональные данные', icon: IconShieldLock },
];

const OTHER_SECTIONS = ADMIN_SECTIONS.slice(1).map((section) => section.to);

/** Users own `/admin` and `/admin/users/:id`; every other section its own prefix. */
function isActive(to: string, pathname: string): boolean {
  if (to === '/admin') return !OTHER_SECTIONS.some((other) => pathname.startsWith(other));
  return pathname.startsWith(to);
}

/**
 * The back-office sections: a side menu, a scrolling row on narrow screens — its hidden end faded
 * and the open section scrolled into view.
 */
export function AdminNav({ pathname }: { pathname: string }) {
  const row = useScrollRow<HTMLElement>(pathname);
  return (
    <nav aria-label="Разделы администрирования" className="admin-nav scroll-row" ref={row}>
      {ADMIN_SECTIONS.map(({ to, label, icon: IconView }) => (
        <Link key={to} to={to} className="admin-nav__link" aria-current={isActive(to, pathname) ? 'page' : undefined}>
          <IconView size={18} stroke={1.7} aria-hidden />
          {label}
        </Link>
      ))}
    </nav>
  );
}
