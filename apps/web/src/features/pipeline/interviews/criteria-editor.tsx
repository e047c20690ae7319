import { CRITERIA_MAX, CRITERION_MAX, INTERVIEW_MSG } from '@hr/contract';
import { Anchor, Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useSaveCriteria } from './interviews-api.ts';

/** The vacancy's criteria in a line, and «Изменить» for the team: what interviewers score 1–5. */
export function CriteriaLine({ vacancyId, criteria }: { vacancyId: number; criteria: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Text size="sm" c="dimmed">
        Критерии оценки: {criteria.join(' · ')}.{' '}
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpen(true)}>
          Изменить критерии
        </Anchor>
      </Text>
      {open ? <CriteriaDialog vacancyId={vacancyId} criteria={criteria} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CriteriaDialog({ vacancyId, criteria, onClose }: { vacancyId: number; criteria: string[]; onClose: () => void }) {
  const save = useSaveCriteria(vacancyId);
  const [value, setValue] = useState(criteria);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.length) return setError(INTERVIEW_MSG.criteriaRequired);
    try {
      const answer = await save.mutateAsync(value);
      notifications.show({ color: 'teal', message: answer.message ?? INTERVIEW_MSG.criteriaSaved });
      onClose();
    } catch (err) {
      const fields = handleFormError(err);
      setError(Object.values(fields)[0]?.[0]);
    }
  };

  return (
    <AppModal opened onClose={onClose} title="Критерии оценки" size={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TagsInput
            label="Критерии вакансии"
            description={`По ним участники оценивают кандидата от 1 до 5. Введите название и нажмите Enter; до ${CRITERIA_MAX}.`}
            value={value}
            onChange={(v) => {
              setValue(v.map((c) => c.slice(0, CRITERION_MAX)));
              setError(undefined);
            }}
            maxTags={CRITERIA_MAX}
            allowDuplicates={false}
            splitChars={[]}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="xs" c="dimmed">
            Уже оставленные отзывы сохраняют свои оценки и под прежними названиями.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Отмена
            </Button>
            <Button type="submit" loading={save.isPending}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
