import { IconStar } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function FavouritePage() {
  return (
    <PageSection title="Избранное">
      <ComingSoon
        icon={IconStar}
        title="Избранные кандидаты скоро появятся здесь"
        description="Отмечайте резюме звёздочкой в поиске — они соберутся на этой странице вместе с вашими заметками. Участники команды увидят общий список."
      />
    </PageSection>
  );
}
