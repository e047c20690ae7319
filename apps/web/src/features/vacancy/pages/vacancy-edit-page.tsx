import { IconEdit } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyEditPage() {
  return (
    <PageSection title="Редактирование вакансии">
      <ComingSoon
        icon={IconEdit}
        title="Редактирование вакансии скоро станет доступно"
        description="Вы сможете изменить описание и условия, опубликовать черновик, закрыть вакансию или открыть её снова."
      />
    </PageSection>
  );
}
