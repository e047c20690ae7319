import { IconSend } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function ReviewRequestSendPage() {
  return (
    <PageSection title="Отзыв о кандидате">
      <ComingSoon
        icon={IconSend}
        title="Форма отзыва скоро появится"
        description="Здесь будет короткая форма: ваша рекомендация, несколько слов о кандидате и ваше имя. Регистрация не понадобится."
        actions={null}
      />
    </PageSection>
  );
}
