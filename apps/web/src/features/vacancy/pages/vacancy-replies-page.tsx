import { IconInbox } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function VacancyRepliesPage() {
  return (
    <PageSection title="Отклики на вакансию">
      <ComingSoon
        icon={IconInbox}
        title="Отклики скоро появятся здесь"
        description="Список откликов с фильтром по статусу: новые, просмотренные, приглашённые, отклонённые и принятые на работу."
      />
    </PageSection>
  );
}
