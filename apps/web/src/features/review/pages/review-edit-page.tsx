import { IconMessageCircle } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function ReviewEditPage() {
  return (
    <PageSection title="Отзыв о кандидате">
      <ComingSoon
        icon={IconMessageCircle}
        title="Редактирование отзыва скоро станет доступно"
        description="Здесь вы сможете поправить свой отзыв о кандидате: рекомендацию, текст и период совместной работы."
      />
    </PageSection>
  );
}
