import { IconFlame } from '@tabler/icons-react';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function PopularResumePage() {
  return (
    <PageSection title="Популярные резюме" subtitle="Кандидаты, которых чаще всего смотрят участники клуба">
      <ComingSoon
        icon={IconFlame}
        title="Подборка популярных резюме скоро появится"
        description="Мы покажем резюме, которые за последние 30 дней открывало больше всего участников клуба, — удобный способ увидеть, кого сейчас ищет рынок."
      />
    </PageSection>
  );
}
