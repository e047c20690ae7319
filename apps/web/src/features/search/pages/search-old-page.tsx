import { IconHistory } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function SearchOldPage() {
  return (
    <PageSection title="Простой поиск">
      <ComingSoon
        icon={IconHistory}
        title="Прежняя форма поиска скоро вернётся"
        description="Простая форма из одного поля и города — для тех, кто привык к старому поиску. Она будет искать по той же базе резюме."
      />
    </PageSection>
  );
}
