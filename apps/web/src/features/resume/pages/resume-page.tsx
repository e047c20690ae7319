import { IconFileCv } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function ResumePage() {
  return (
    <PageSection title="Резюме кандидата">
      <ComingSoon
        icon={IconFileCv}
        title="Страница резюме скоро появится"
        description="Здесь будет полное резюме кандидата: опыт работы, образование, навыки и отзывы коллег по клубу."
        points={[
          'Открытие контактов кандидата — для участников с соответствующим доступом',
          'Добавление в избранное и запрос отзыва у бывшего работодателя',
          'Печать и сохранение резюме в PDF',
        ]}
      />
    </PageSection>
  );
}
