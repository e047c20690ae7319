import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { fullName } from '@/shared/lib/format.ts';
import { NOT_FOUND_PATH } from '@/shared/lib/navigation.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useOpinion } from '../api/get-opinion.ts';
import { reviewKeys } from '../api/review-keys.ts';
import { OpinionEditForm } from '../components/opinion-edit-form.tsx';
import { formatDate } from '../lib/month.ts';
import '../review.css';
import { resumeKeys } from '@/features/resume/index.ts';

/** `/review/{id}`: the author edits (or deletes) their opinion; for everybody else it does not exist. */
export function ReviewEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,12}$/.test(id);
  useEffect(() => {
    if (!valid) navigate(NOT_FOUND_PATH, { replace: true });
  }, [valid, navigate]);
  return valid ? <ReviewEdit id={id} /> : <PageLoader />;
}

function ReviewEdit({ id }: { id: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: opinion, error } = useOpinion(id);

  useEffect(() => {
    if (error) handleErrorWithRedirect(error); // 404 → the not-found page, 401 → login
  }, [error]);

  if (!opinion) return <PageLoader label="Загружаем отзыв" />;

  const resume = opinion.resume;
  const candidate = resume ? fullName(resume.first_name, resume.last_name) || resume.initials : '';
  const resumeLink = `/resume/${opinion.resume_hash}`;

  return (
    <PageSection title="Редактирование отзыва" size="md">
      <Anchor component={Link} to={`${resumeLink}#opinions`} size="sm" fw={500} w="fit-content">
        <Group gap={6} component="span">
          <IconArrowLeft size={16} aria-hidden />К резюме
        </Group>
      </Anchor>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Отзыв о кандидате
            </Text>
            <Text fw={700} fz={20}>
              <Anchor component={Link} to={resumeLink} inherit>
                {resume?.title ?? 'Резюме'}
              </Anchor>
              {candidate ? (
                <Text span fw={500} c="dimmed" fz={18}>
                  {` · ${candidate}`}
                </Text>
              ) : null}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                Написан {formatDate(opinion.created_at)}
                {opinion.updated_at !== opinion.created_at ? `, изменён ${formatDate(opinion.updated_at)}` : ''}
              </Text>
              {opinion.hidden ? (
                <Badge variant="light" color="orange" c="#9a3c00" radius="sm">
                  Скрыт администратором — другие участники его не видят
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <OpinionEditForm
            opinion={opinion}
            // resumeKeys.one(hash) is the resume page's query: its summary and «my opinion» change with this one.
            onSaved={(saved) => {
              client.setQueryData(reviewKeys.opinion(id), saved);
              void client.invalidateQueries({ queryKey: reviewKeys.all });
              void client.invalidateQueries({ queryKey: resumeKeys.one(opinion.resume_hash) });
            }}
            onDeleted={() => {
              client.removeQueries({ queryKey: reviewKeys.opinion(id) });
              void client.invalidateQueries({ queryKey: reviewKeys.all });
              void client.invalidateQueries({ queryKey: resumeKeys.one(opinion.resume_hash) });
              navigate(resumeLink, { replace: true });
            }}
          />
        </Stack>
      </Paper>
    </PageSection>
  );
}
