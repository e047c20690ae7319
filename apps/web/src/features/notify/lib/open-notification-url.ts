/**
 * Where a notification leads: an internal path (with its query: `?show=team_invite&invite=3`,
 * `/?e_notify=5`) through the router; anything else is opened in a new tab.
 */
export function openNotificationUrl(url: string | null, navigate: (to: string) => void): void {
  if (!url) return;
  if (url.startsWith('/') && !url.startsWith('//')) {
    navigate(url);
    return;
  }
  try {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
    else if (target.protocol === 'https:' || target.protocol === 'http:') window.open(target.href, '_blank', 'noopener');
  } catch {
    /* not a link */
  }
}
