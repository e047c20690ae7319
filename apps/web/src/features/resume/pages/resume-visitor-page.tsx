import { pageTitle } from '@hr/contract/constants';
import { RESUME_VISITOR_NOTICE, type ResumeVisitor } from '@hr/contract/resume-visitor';
import { Anchor, Avatar, Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMapPin, IconUser } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { NOT_FOUND_PATH, navigateTo } from '@/shared/lib/navigation.ts';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useVisitorResume } from '../api/get-resume-visitor.ts';
import { ExperienceTimeline } from '../components/experience-timeline.tsx';
import { ResumeConditions } from '../components/resume-conditions.tsx';
import { ResumeEducation } from '../components/resume-education.tsx';
import { ResumeLoadError } from '../components/resume-load-error.tsx';
import { ResumeSection } from '../components/resume-section.tsx';
import { ResumeSkills } from '../components/resume-skills.tsx';
import { formatAge, formatSalary, formatUpdated } from '../lib/resume-format.ts';
import '../resume.css';

const STATUS_COLORS: Record<string, string> = { active_search: 'teal', looking_for_offers: 'brand', has_job_offer: 'orange' };
/** Dark text on the light badges keeps WCAG AA contrast. */
const STATUS_TEXT: Record<string, string> = { teal: '#05664a', brand: '#1f3a60', orange: '#8a4a00', gray: '#3d4854' };

/** Title, salary, sex and age, city, job-search status: who the candidate is stays hidden. */
function VisitorHeader({ resume }: { resume: ResumeVisitor }) {
  const salary = formatSalary(resume.salary);
  const place = [resume.city?.title, resume.region && resume.region !== resume.city?.title ? resume.region : null]
    .filter(Boolean)
    .join(', ');
  const statusColor = resume.resumeStatus ? (STATUS_COLORS[resume.resumeStatus.value] ?? 'gray') : 'gray';
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" className="resume-header">
      <Avatar size={72} radius={36} color="gray" variant="light" className="resume-header__avatar" aria-hidden>
        <IconUser size={34} stroke={1.5} />
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap" c="#4a5666">
          <IconLock size={16} stroke={1.7} aria-hidden />
          <Text size="sm" fw={600} c="#4a5666" data-testid="resume-name-hidden">
            Имя скрыто
          </Text>
        </Group>
        <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.15} className="resume-header__title">
          {resume.title}
        </Title>
        {salary ? (
          <Text fz={20} fw={700} c="var(--hr-navy-800)">
            {salary}
          </Text>
        ) : (
          <Text size="sm" c="#4a5666">
            Зарплата не указана
          </Text>
        )}
        <Text size="sm" c="#33404f">
          {[resume.sex?.title, resume.age !== null ? formatAge(resume.age) : null].filter(Boolean).join(', ')}
        </Text>
        {place ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} stroke={1.6} aria-hidden />
            <Text size="sm" c="#33404f">
              {place}
            </Text>
          </Group>
        ) : null}
        <Group gap="sm" mt={4}>
          {resume.resumeStatus ? (
            <Badge variant="light" color={statusColor} c={STATUS_TEXT[statusColor]} radius="sm" tt="none" size="lg" fw={600}>
              {resume.resumeStatus.title}
            </Badge>
          ) : null}
          <Text size="sm" c="#4a5666">
            {formatUpdated(resume.updated_at)}
          </Text>
        </Group>
      </Stack>
    </Group>
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

  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 422) navigateTo(NOT_FOUND_PATH, { replace: true });
    else handleErrorWithRedirect(error);
  }, [error]);

  useEffect(() => {
    document.title = pageTitle(resume?.title || 'Резюме');
  }, [resume?.title]);

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
    <div className="resume-backdrop">
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }} className="resume-page" data-testid="resume-visitor">
        <Group mb="md" className="no-print">
          <Anchor component={Link} to="/" size="sm" fw={500} className="resume-back">
            <IconArrowLeft size={16} stroke={1.8} aria-hidden />К поиску кандидатов
          </Anchor>
        </Group>
        <div className="resume-layout">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--head">
            <VisitorHeader resume={resume} />
          </Paper>
          <div className="resume-side">
            <VisitorNotice onLogin={login} onRegister={register} />
          </div>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--body">
            <Stack gap={32}>
              <ExperienceTimeline resume={resume} />
              <ResumeEducation education={resume.education} />
              <ResumeSkills resume={resume} />
              <ResumeConditions resume={resume} />
              {resume.about ? (
                <ResumeSection id="resume-about" title="О себе">
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {resume.about}
                  </Text>
                </ResumeSection>
              ) : null}
            </Stack>
          </Paper>
        </div>
      </Container>
    </div>
  );
}
