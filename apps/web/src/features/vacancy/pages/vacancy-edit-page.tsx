import type { Vacancy } from '@hr/contract';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconBriefcaseOff, IconExternalLink, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { useCloseVacancy } from '../api/close-vacancy.ts';
import { isTeamView, useVacancy } from '../api/get-vacancy.ts';
import { vacancyKeys } from '../api/keys.ts';
import { updateVacancy } from '../api/update-vacancy.ts';
import { VacancyStatusBadge } from '../components/status-badge.tsx';
import { VacancyForm } from '../components/vacancy-form.tsx';
import { valuesOf } from '../lib/vacancy-form-values.ts';
import type { VacancyEditorPageProps } from './vacancy-create-page.tsx';
import '../vacancy.css';

/** `/vacancy/{id}/edit`: the owner's and the team's editor; publish, close, reopen. */
export function VacancyEditPage({ dictionaries }: VacancyEditorPageProps) {
  const id = Number(useParams().id);
  const { data, error, isPending } = useVacancy(id);
  const client = useQueryClient();
  const navigate = useNavigate();
  const close = useCloseVacancy();

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);

  if (isPending || error) {
    return (
      <PageSection size="md" title="Редактирование вакансии">
        <Stack gap="lg" role="status" aria-busy="true" aria-label="Загружаем вакансию">
          <Skeleton height={220} radius="lg" />
          <Skeleton height={300} radius="lg" />
        </Stack>
      </PageSection>
    );
  }
  if (!isTeamView(data)) {
    return (
      <PageSection size="md" title="Редактирование вакансии">
        <EmptyState
          icon={IconLock}
          title="Эту вакансию редактируют её автор и его команда"
          action={
            <Anchor component={Link} to="/vacancy">
              К моим вакансиям
            </Anchor>
          }
        />
      </PageSection>
    );
  }
  const vacancy = data;

  const onSaved = (saved: Vacancy, message: string | undefined) => {
    client.setQueryData(vacancyKeys.one(saved.id), saved);
    void client.invalidateQueries({ queryKey: [...vacancyKeys.all, 'list'] });
    notifications.show({ message: message ?? 'Изменения сохранены', color: 'teal', withBorder: true });
    if (saved.status === 'published' && vacancy.status !== 'published') navigate(`/vacancy/${saved.id}`);
  };

  const askClose = () =>
    showConfirmDialog({
      title: 'Закрыть вакансию?',
      children: (
        <Text size="sm">
          Страница вакансии покажет «Вакансия закрыта», новые отклики приниматься не будут. Открыть её снова можно здесь же.
        </Text>
      ),
      confirmLabel: 'Закрыть',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        close.mutate(vacancy.id, {
          onSuccess: (answer) => {
            client.setQueryData(vacancyKeys.one(vacancy.id), answer.res);
            notifications.show({ message: answer.message ?? 'Вакансия закрыта', withBorder: true });
          },
          onError: (failure) => handleErrorWithoutRedirect(failure),
        }),
    });

  return (
    <PageSection size="md" title="Редактирование вакансии">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Anchor component={Link} to="/vacancy" size="sm" fw={500} className="vacancy-back">
            <IconArrowLeft size={16} stroke={1.8} aria-hidden />К моим вакансиям
          </Anchor>
          <VacancyStatusBadge status={vacancy.status} />
        </Group>
        {vacancy.status !== 'draft' ? (
          <Anchor component={Link} to={`/vacancy/${vacancy.id}`} size="sm" fw={500} className="vacancy-back">
            <IconExternalLink size={16} stroke={1.8} aria-hidden />
            Страница вакансии
          </Anchor>
        ) : null}
      </Group>
      <VacancyForm
        key={`${vacancy.id}-${vacancy.status}`}
        initial={valuesOf(vacancy)}
        status={vacancy.status}
        dictionaries={dictionaries}
        save={(body) => updateVacancy(vacancy.id, body)}
        onSaved={onSaved}
        extraActions={
          vacancy.status === 'published' ? (
            <Button
              variant="subtle"
              color="red"
              c="#a11d1d"
              onClick={askClose}
              loading={close.isPending}
              leftSection={<IconBriefcaseOff size={18} />}
            >
              Закрыть вакансию
            </Button>
          ) : null
        }
      />
    </PageSection>
  );
}
