import type { ResumeCard } from '@hr/contract';
import { Anchor, Group, Paper, Skeleton, Title } from '@mantine/core';
import { IconArrowRight, IconBriefcase, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { similarSearchParams, useSimilarResumes } from '../api/get-similar.ts';
import { formatExperience, formatSalary } from '../lib/resume-format.ts';

/** One similar resume: title, salary, city, experience — the resume's own page behind the title. */
export function SimilarCard({ card }: { card: ResumeCard }) {
  const salary = formatSalary(card.salary);
  return (
    <li className="similar-card" data-hash={card.hash}>
      <div className="similar-card__head">
        <Link to={`/resume/${card.hash}`} className="similar-card__title mantine-focus-auto">
          {card.title}
        </Link>
        {salary ? <span className="similar-card__salary">{salary}</span> : null}
      </div>
      <p className="similar-card__facts">
        {card.city ? (
          <span className="similar-card__fact">
            <IconMapPin size={14} stroke={1.6} aria-hidden />
            {card.city.title}
          </span>
        ) : null}
        <span className="similar-card__fact">
          <IconBriefcase size={14} stroke={1.6} aria-hidden />
          {formatExperience(card.total_experience_months)}
        </span>
      </p>
    </li>
  );
}

/**
 * «Похожие резюме» under a resume (PRODUCT 10): up to ten compact cards, each leading to its page,
 * and «Все похожие» to the search for more like this one. Nothing when the search finds none.
 */
export function SimilarResumes({ hash, viewer }: { hash: string; viewer: 'member' | 'guest' }) {
  const { data, isPending } = useSimilarResumes(hash, viewer);
  if (!isPending && (!data || data.length === 0)) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="similar-title" className="similar no-print" mt="lg">
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} fz={20} id="similar-title" className="resume-section__title">
          Похожие резюме
        </Title>
        <Anchor component={Link} to={`/?${similarSearchParams(hash)}`} size="sm" fw={500} className="similar__all">
          Все похожие
          <IconArrowRight size={16} stroke={1.7} aria-hidden />
        </Anchor>
      </Group>
      {data ? (
        <ul className="plain-list similar-grid" data-testid="similar-list">
          {data.map((card) => (
            <SimilarCard key={card.hash} card={card} />
          ))}
        </ul>
      ) : (
        <div className="similar-grid" aria-busy="true">
          {[1, 2, 3, 4].map((n) => (
            <div key={n} className="similar-card" aria-hidden>
              <Skeleton height={16} width="70%" radius="sm" />
              <Skeleton height={12} width="45%" radius="sm" mt={10} />
            </div>
          ))}
        </div>
      )}
    </Paper>
  );
}
