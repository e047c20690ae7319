import type { Vacancy } from '@hr/contract';
import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { createVacancy } from '../api/create-vacancy.ts';
import { vacancyKeys } from '../api/keys.ts';
import { VacancyForm } from '../components/vacancy-form.tsx';
import type { VacancyDictionaries } from '../lib/dictionaries.ts';
import { emptyValues } from '../lib/vacancy-form-values.ts';
import '../vacancy.css';

export type VacancyEditorPageProps = {
  dictionaries: VacancyDictionaries;
  /** has_vacancy (the server checks it anyway: 403 otherwise). */
  canPublish: boolean;
};

/** `/vacancy/create`: a new vacancy, kept as a draft or published at once. */
export function VacancyCreatePage({ dictionaries, canPublish }: VacancyEditorPageProps) {
  const navigate = useNavigate();
  const client = useQueryClient();

  const onSaved = (vacancy: Vacancy, message: string | undefined) => {
    void client.invalidateQueries({ queryKey: vacancyKeys.all });
    client.setQueryData(vacancyKeys.one(vacancy.id), vacancy);
    notifications.show({ message: message ?? 'Сохранено', color: 'teal', withBorder: true });
    // A published vacancy is shown as candidates see it (to share the link); a draft stays in the editor.
    navigate(vacancy.status === 'published' ? `/vacancy/${vacancy.id}` : `/vacancy/${vacancy.id}/edit`, { replace: true });
  };

  return (
    <PageSection size="md" title="Новая вакансия" subtitle="Сохраните черновик или опубликуйте — и поделитесь ссылкой с кандидатами">
      {canPublish ? null : (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={20} />} title="Нужна опция «Заявки на вакансии»">
          <Text size="sm">
            Создавать и публиковать вакансии могут участники с этой опцией (её получают и участники команды руководителя с опцией).
            Подключить её можно у администратора клуба.
          </Text>
        </Alert>
      )}
      <VacancyForm initial={emptyValues()} status={null} dictionaries={dictionaries} save={createVacancy} onSaved={onSaved} />
    </PageSection>
  );
}
