import { IconStar } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function FavouriteResumePage() {
  return (
    <PageSection title="Резюме из избранного">
      <ComingSoon
        icon={IconStar}
        title="Резюме из избранного скоро откроется здесь"
        description="На этой странице будет резюме кандидата из вашего избранного вместе с вашей заметкой о нём."
      />
    </PageSection>
  );
}
