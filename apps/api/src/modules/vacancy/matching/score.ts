import { EXPERIENCE_BUCKETS } from '../../resume/search/search.service.ts';
import type { MatchProfile, Near } from './profile.ts';

// A candidate's score for a vacancy and the reasons shown beside it. What the vacancy asks — its
// title, key skills and role — makes the relevance; city, experience and salary only add to it.

export type MatchReasonKind = 'title' | 'skills' | 'role' | 'city' | 'experience' | 'salary';
export type MatchReason = { kind: MatchReasonKind; text: string };
export type Scored = { score: number; relevance: number; reasons: MatchReason[] };

/** What scoring reads of a candidate (matching.sql.ts gives it). */
export type Candidate = {
  /** The resume's title as the viewer sees it: the title reason names it. */
  title: string;
  city_id: number | null;
  relocation: string;
  relocation_city_ids: number[] | null;
  total_experience_months: number;
  salary_amount: number | null;
  roles: string[] | null;
  in_title: boolean[];
  in_skills: boolean[];
};

/** How the relevance is made: the title, the key skills and the role (of the parts the vacancy has). */
export const RELEVANCE_WEIGHTS = { title: 0.55, skills: 0.3, role: 0.15 };
/** Soft preferences: at most this much on top of a relevance of at most 1. */
export const PREFERENCES = {
  livesThere: 0.12,
  movesThere: 0.08,
  experience: 0.08,
  nearExperience: 0.04,
  salary: 0.04,
  salaryUnknown: 0.02,
};
/** Below this relevance a resume shares words with the vacancy, not the job. */
export const MIN_RELEVANCE = 0.2;

/** Credit of a term found in the title or the key skills: a title word in the skills counts less. */
const IN_SKILLS_FOR_TITLE = 0.4;
const IN_TITLE_FOR_SKILL = 0.8;
const NEAR_SKILL = 0.6;

const EXPERIENCE_ORDER = ['noExperience', 'between1And3', 'between3And6', 'moreThan6'];
const EXPERIENCE_TEXT: Record<string, string> = {
  noExperience: 'без опыта',
  between1And3: 'опыт 1–3 года',
  between3And6: 'опыт 3–6 лет',
  moreThan6: 'опыт более 6 лет',
};

function bucketOf(months: number): string | null {
  for (const [name, [lo, hi]] of Object.entries(EXPERIENCE_BUCKETS)) if (months >= lo && (hi === null || months <= hi)) return name;
  return null;
}

/** The best near term found: its credit and label. */
function bestNear(near: Near[], found: boolean[], scale: number): { credit: number; label: string } | null {
  let best: { credit: number; label: string } | null = null;
  for (const n of near)
    if (found[n.term] && (!best || n.strength * scale > best.credit)) best = { credit: n.strength * scale, label: n.label };
  return best;
}

const list = (items: string[]) => [...new Set(items)].join(', ');

/**
 * The title reason names the resume's own title and what of the vacancy's title it matched:
 * «должность: IT-рекрутер (совпало: IT, рекрутер)» — never a matched word alone, which would read
 * as the candidate's job.
 */
export function titleReason(title: string, own: string[], near: string[]): string | null {
  if (!own.length && !near.length) return null;
  const shown = title.trim();
  const words = list([...own, ...near]);
  if (!shown) return own.length ? `должность: ${words}` : `должность близкая: ${words}`;
  return `${own.length ? 'должность' : 'должность близкая'}: ${shown} (совпало: ${words})`;
}

/** The candidate's score, or null when nothing of what the vacancy asks is in the resume. */
export function scoreCandidate(profile: MatchProfile, c: Candidate): Scored | null {
  const reasons: MatchReason[] = [];

  // Title: each part in the resume's title (or, for less, in its skills), or something near it.
  let titleSum = 0;
  let titleWeight = 0;
  let specificHit = false;
  const ownLabels: string[] = [];
  const nearLabels: string[] = [];
  for (const slot of profile.title) {
    titleWeight += slot.weight;
    let credit = c.in_title[slot.own] ? 1 : c.in_skills[slot.own] ? IN_SKILLS_FOR_TITLE : 0;
    if (c.in_title[slot.own] && !slot.generic) ownLabels.push(slot.label);
    if (credit < 1) {
      const near = bestNear(slot.near, c.in_title, 1);
      if (near && near.credit > credit) {
        credit = near.credit;
        nearLabels.push(near.label);
      } else {
        const inSkills = bestNear(slot.near, c.in_skills, IN_SKILLS_FOR_TITLE);
        if (inSkills && inSkills.credit > credit) credit = inSkills.credit;
      }
    }
    if (!slot.generic && credit > 0) specificHit = true;
    titleSum += slot.weight * credit;
  }
  const titleScore = titleWeight ? titleSum / titleWeight : 0;
  const titleText = titleReason(c.title, ownLabels, nearLabels);
  if (titleText) reasons.push({ kind: 'title', text: titleText });

  // Key skills: each in the resume's skills (or title), or a skill near it.
  let skillSum = 0;
  const matched: string[] = [];
  const close: string[] = [];
  for (const slot of profile.skills) {
    const own = c.in_skills[slot.own] ? 1 : c.in_title[slot.own] ? IN_TITLE_FOR_SKILL : 0;
    const near = Math.max(
      bestNear(slot.near, c.in_skills, NEAR_SKILL)?.credit ?? 0,
      bestNear(slot.near, c.in_title, NEAR_SKILL)?.credit ?? 0,
    );
    if (own > 0) matched.push(slot.skill);
    else if (near > 0) close.push(slot.skill);
    skillSum += Math.max(own, near);
  }
  const skillScore = profile.skills.length ? skillSum / profile.skills.length : 0;
  // Near skills are said only when none matched as written: beside a real match they are noise.
  if (matched.length) reasons.push({ kind: 'skills', text: `совпали навыки: ${list(matched)}` });
  else if (close.length) reasons.push({ kind: 'skills', text: `близкие навыки: ${list(close)}` });

  // Role: the resume's own, or a title near the role's words.
  let roleScore = 0;
  if (profile.role) {
    if (c.roles?.includes(profile.role.value)) {
      roleScore = 1;
      reasons.push({ kind: 'role', text: `роль: ${profile.role.title}` });
    } else roleScore = 0.7 * (bestNear(profile.role.near, c.in_title, 1)?.credit ?? 0);
  }

  const w = RELEVANCE_WEIGHTS;
  const weights = w.title + (profile.skills.length ? w.skills : 0) + (profile.role ? w.role : 0);
  const relevance = (w.title * titleScore + w.skills * skillScore + w.role * roleScore) / weights;
  if (!(specificHit || matched.length || close.length || roleScore === 1) || relevance < MIN_RELEVANCE) return null;

  let soft = 0;
  if (profile.cityId !== null) {
    if (c.city_id === profile.cityId) {
      soft += PREFERENCES.livesThere;
      if (profile.cityName) reasons.push({ kind: 'city', text: profile.cityName });
    } else if (c.relocation !== 'no_relocation' && c.relocation_city_ids?.includes(profile.cityId)) {
      soft += PREFERENCES.movesThere;
      reasons.push({ kind: 'city', text: profile.cityName ? `готов переехать: ${profile.cityName}` : 'готов к переезду' });
    }
  }
  if (profile.experience) {
    const bucket = bucketOf(c.total_experience_months);
    if (bucket === profile.experience) {
      soft += PREFERENCES.experience;
      reasons.push({ kind: 'experience', text: EXPERIENCE_TEXT[bucket] ?? '' });
    } else if (bucket && Math.abs(EXPERIENCE_ORDER.indexOf(bucket) - EXPERIENCE_ORDER.indexOf(profile.experience)) === 1) {
      soft += PREFERENCES.nearExperience;
    }
  }
  if (profile.salaryTo !== null) {
    if (c.salary_amount === null) soft += PREFERENCES.salaryUnknown;
    else if (c.salary_amount <= profile.salaryTo) {
      soft += PREFERENCES.salary;
      reasons.push({ kind: 'salary', text: 'зарплата в бюджете' });
    }
  }
  return { score: relevance + soft, relevance, reasons };
}
