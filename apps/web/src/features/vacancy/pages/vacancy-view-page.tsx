import { IconBriefcase } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyViewPage() {
  return (
    <PageSection title="Вакансия">
      <ComingSoon
        icon={IconBriefcase}
        title="Страница вакансии скоро появится"
        description="Здесь будет описание вакансии и форма отклика: кандидат сможет отправить резюме файлом или текстом без регистрации."
      />
    </PageSection>
  );
}
