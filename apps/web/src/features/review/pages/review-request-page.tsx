import { IconMessageQuestion } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function ReviewRequestPage() {
  return (
    <PageSection title="Запрос отзыва о кандидате">
      <ComingSoon
        icon={IconMessageQuestion}
        title="Ответ на запрос отзыва скоро станет доступен"
        description="Участник HR-клуба просит вас рассказать о кандидате, с которым вы работали. Скоро на этой странице можно будет оставить отзыв или отказаться."
        actions={null}
      />
    </PageSection>
  );
}
