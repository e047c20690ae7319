import { Button } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function ProfileEditPage() {
  return (
    <PageSection title="Редактирование профиля">
      <ComingSoon
        icon={IconUserEdit}
        title="Редактирование профиля скоро станет доступно"
        description="Здесь можно будет изменить ФИО, телефон, компанию, должность, профессиональную область и интересы, настроить уведомления и сменить пароль."
        actions={
          <Button component={Link} to="/profile" variant="light">
            В личный кабинет
          </Button>
        }
      />
    </PageSection>
  );
}
