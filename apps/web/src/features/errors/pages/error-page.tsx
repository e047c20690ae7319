import { Button } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';

export function ErrorPage() {
  return (
    <ErrorScreen
      icon={IconMoodSad}
      title="Что-то пошло не так"
      text="Мы уже получили отчёт об ошибке и разберёмся. Попробуйте обновить страницу или вернуться на главную."
      actions={
        <>
          <Button variant="default" onClick={() => window.location.reload()}>
            Обновить страницу
          </Button>
          <Button component={Link} to="/">
            На главную
          </Button>
        </>
      }
    />
  );
}
