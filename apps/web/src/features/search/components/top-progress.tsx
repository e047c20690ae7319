/** A thin bar at the top of the window while a search is on its way. */
export function TopProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return <div className="top-progress" role="progressbar" aria-label="Идёт поиск" aria-busy="true" />;
}
