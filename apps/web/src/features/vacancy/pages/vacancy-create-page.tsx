import { IconFilePlus } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyCreatePage() {
  return (
    <PageSection title="Новая заявка на вакансию">
      <ComingSoon
        icon={IconFilePlus}
        title="Создание вакансии скоро станет доступно"
        description="Вы сможете описать вакансию — должность, город, зарплату, условия и требования — сохранить черновик и опубликовать его для откликов."
      />
    </PageSection>
  );
}
