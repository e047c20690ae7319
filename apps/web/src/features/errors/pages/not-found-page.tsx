import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';

export function NotFoundPage() {
  return (
    <ErrorScreen
      code="404"
      icon={IconMapSearch}
      title="Страница не найдена"
      text="Возможно, ссылка устарела или в адресе опечатка. Начните с главной — там поиск кандидатов."
      actions={
        <Button component={Link} to="/">
          На главную
        </Button>
      }
    />
  );
}
