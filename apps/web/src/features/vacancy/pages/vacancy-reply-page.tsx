import { IconUserCheck } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyReplyPage() {
  return (
    <PageSection title="Отклик кандидата">
      <ComingSoon
        icon={IconUserCheck}
        title="Просмотр отклика скоро станет доступен"
        description="Отклик откроется как резюме — с контактами, сопроводительным письмом, приложенным файлом и историей статусов."
      />
    </PageSection>
  );
}
