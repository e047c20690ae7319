import type { ReactNode } from 'react';

/** A titled group of options in the filter panel (a fieldset, so the title names the options). */
export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="filter-section">
      <legend className="filter-section__title">{title}</legend>
      {children}
    </fieldset>
  );
}
