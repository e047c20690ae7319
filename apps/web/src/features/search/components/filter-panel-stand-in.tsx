import { Stack, Text } from '@mantine/core';

/** Lines of a checkbox list, an input, a tree: grey shapes the size of the sections they stand for. */
const SECTIONS: { title: string; shape: 'input' | 'tree' | 'lines' | 'range'; lines?: number }[] = [
  { title: 'Город', shape: 'input' },
  { title: 'Профессиональная роль', shape: 'tree' },
  { title: 'Опыт работы', shape: 'lines', lines: 4 },
  { title: 'Зарплата, ₽', shape: 'range' },
  { title: 'Тип занятости', shape: 'lines', lines: 5 },
];

/**
 * The filter panel until its code has come (right after the first results): its heading and the
 * first sections' titles with grey shapes of their size, so the column does not jump when the
 * panel takes its place.
 */
export function FilterPanelStandIn() {
  return (
    <Stack gap="lg" className="filter-panel" aria-busy="true">
      <Text fw={700} fz={17}>
        Фильтры
      </Text>
      {SECTIONS.map((section) => (
        <div key={section.title} aria-hidden>
          <div className="filter-section__title">{section.title}</div>
          {section.shape === 'input' ? <div className="stand-in-block stand-in-block--input" /> : null}
          {section.shape === 'range' ? (
            <div className="stand-in-range">
              <div className="stand-in-block stand-in-block--input" />
              <div className="stand-in-block stand-in-block--input" />
            </div>
          ) : null}
          {section.shape === 'tree' ? (
            <>
              <div className="stand-in-block stand-in-block--small-input" />
              <div className="stand-in-block stand-in-block--tree" />
            </>
          ) : null}
          {section.shape === 'lines'
            ? Array.from({ length: section.lines ?? 0 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static shapes
                <div key={index} className="stand-in-line" />
              ))
            : null}
        </div>
      ))}
    </Stack>
  );
}
