import { IconBriefcase } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyListPage() {
  return (
    <PageSection title="Заявки на вакансии">
      <ComingSoon
        icon={IconBriefcase}
        title="Список заявок на вакансии скоро появится"
        description="Здесь будут ваши заявки и заявки вашей команды: черновики, опубликованные и закрытые, с числом новых откликов."
        points={[
          'Публичная страница вакансии, на которую кандидат может откликнуться без регистрации',
          'Отклики превращаются в резюме и приходят вам уведомлением',
        ]}
      />
    </PageSection>
  );
}
