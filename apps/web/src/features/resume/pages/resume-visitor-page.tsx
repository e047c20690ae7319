import { RESUME_VISITOR_NOTICE, type ResumeVisitor } from '@hr/contract/resume-visitor';
import { Avatar, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useVisitorResume } from '../api/get-resume-visitor.ts';
import { ExperienceTimeline } from '../components/experience-timeline.tsx';
import { ResumeConditions } from '../components/resume-conditions.tsx';
import { ResumeEducation } from '../components/resume-education.tsx';
import { ResumeHeadline } from '../components/resume-headline.tsx';
import { ResumeAbout, ResumeLayout } from '../components/resume-layout.tsx';
import { ResumeLoadError } from '../components/resume-load-error.tsx';
import { ResumeSkills } from '../components/resume-skills.tsx';
import { SimilarResumes } from '../components/similar-resumes.tsx';
import { useResumePage } from '../lib/use-resume-page.ts';
import '../resume.css';

/** Title, salary, sex and age, city, job-search status: who the candidate is stays hidden. */
function VisitorHeader({ resume }: { resume: ResumeVisitor }) {
  return (
    <ResumeHeadline
      resume={resume}
      avatar={
        <Avatar size={72} radius={36} color="gray" variant="light" className="resume-header__avatar" aria-hidden>
          <IconUser size={34} stroke={1.5} />
        </Avatar>
      }
      name={
        <Group gap={6} wrap="nowrap" c="#4a5666">
          <IconLock size={16} stroke={1.7} aria-hidden />
          <Text size="sm" fw={600} c="#4a5666" data-testid="resume-name-hidden">
            Имя скрыто
          </Text>
        </Group>
      }
    />
  );
}

/** «Войдите, чтобы увидеть имя и контакты», with «Войти» (back to this page after login) and «Зарегистрироваться». */
function VisitorNotice({ onLogin, onRegister }: { onLogin: () => void; onRegister: () => void }) {
  return (
    <Paper withBorder radius="lg" p="lg" className="resume-aside no-print" component="aside" aria-labelledby="resume-visitor-notice">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius={20} variant="light" color="brand" aria-hidden>
            <IconLock size={22} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz={18} lh={1.3} id="resume-visitor-notice">
            {RESUME_VISITOR_NOTICE}
          </Title>
        </Group>
        <Text size="sm" c="#33404f">
          Имя кандидата, телефон, e-mail и Telegram, отзывы коллег и избранное доступны участникам HR-клуба.
        </Text>
        <Stack gap="xs">
          <Button fullWidth onClick={onLogin}>
            Войти
          </Button>
          <Button fullWidth variant="default" onClick={onRegister}>
            Зарегистрироваться
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * `/resume/{hash}` for a visitor (a shared link, a search card): the resume a visitor may see —
 * experience, education, skills, conditions — without the name, photo or contacts, and the way
 * to sign in that returns here.
 */
export function ResumeVisitorPage({ hash }: { hash: string }) {
  const { data: resume, error, refetch, isFetching } = useVisitorResume(hash);
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.hash}`;
  useResumePage(error, resume?.title);

  if (!resume) {
    if (error && !(isApiError(error) && [404, 422].includes(error.status))) {
      return <ResumeLoadError onRetry={() => void refetch()} retrying={isFetching} />;
    }
    return <PageLoader label="Загружаем резюме" />;
  }

  // SEED 2: `show=login_form` opens the login popup; `redirect` brings the member back here after it.
  const login = () => navigate(`${location.pathname}?${new URLSearchParams({ show: 'login_form', redirect: here })}`);
  const register = () => {
    navigate(`${location.pathname}?${new URLSearchParams({ redirect: here })}`, { replace: true });
    emitPopup('showRegForm');
  };

  return (
    <ResumeLayout
      testId="resume-visitor"
      back={{ to: '/', label: 'К поиску кандидатов' }}
      header={<VisitorHeader resume={resume} />}
      side={<VisitorNotice onLogin={login} onRegister={register} />}
      after={<SimilarResumes hash={resume.hash} viewer="guest" />}
    >
      <ExperienceTimeline resume={resume} />
      <ResumeEducation education={resume.education} />
      <ResumeSkills resume={resume} />
      <ResumeConditions resume={resume} />
      <ResumeAbout about={resume.about} />
    </ResumeLayout>
  );
}
