import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerBody } from './auth.ts';
import { CONSENT_MSG, CONSENT_TEXTS, consentBox, consentVersion } from './consent.ts';
import { REVIEW_MSG, reviewRequestCreateBody, reviewRequestSendBody } from './review.ts';
import { replyBody, VACANCY_MSG } from './vacancy.ts';

/**
 * Contract rules of the public forms. A rule chained after `.optional()` (or `.nullish()`) is
 * skipped when the key is missing, so a required box ticked by nobody passed: every required field
 * of these schemas must report its own error when its key is left out, whatever else is sent.
 */

const errorsOf = (schema: z.ZodType, body: unknown): Record<string, string[]> => {
  const r = schema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
};

type Form = { name: string; schema: z.ZodType; valid: Record<string, unknown>; required: Record<string, string | RegExp> };

const FORMS: Form[] = [
  {
    name: 'vacancy reply',
    schema: replyBody,
    valid: {
      fio: 'Петрова Анна',
      phone: '+7 (916) 123-45-67',
      email: 'anna@example.ru',
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Пять лет в подборе',
    },
    required: {
      fio: /[а-я]/i,
      phone: /[а-я]/i,
      email: /[а-я]/i,
      consent: VACANCY_MSG.consent,
      consent_version: CONSENT_MSG.versionMissing,
    },
  },
  {
    name: 'answer to a review request',
    schema: reviewRequestSendBody,
    valid: {
      verdict: 'recommend',
      text: 'Ответственный и внимательный специалист, рекомендую.',
      author_name: 'Елена Петрова',
      consent: 'on',
      consent_version: consentVersion('review_answer'),
    },
    required: {
      verdict: REVIEW_MSG.verdict,
      text: /[а-я]/i,
      author_name: /[а-я]/i,
      consent: REVIEW_MSG.authorConsent,
      consent_version: CONSENT_MSG.versionMissing,
    },
  },
  {
    name: 'review request (the candidate agreed)',
    schema: reviewRequestCreateBody,
    valid: { resume_hash: 'AbCdEfGhIjKlMnOpQrStUv', email: 'boss@example.ru', name: 'Иван', candidate_consent: '1' },
    required: { resume_hash: /[а-я]/i, email: /[а-я]/i, name: /[а-я]/i, candidate_consent: REVIEW_MSG.candidateConsent },
  },
  {
    name: 'registration',
    schema: registerBody,
    valid: {
      fio: 'Иванова Мария',
      email: 'maria@example.ru',
      phone: '+7 (916) 123-45-67',
      password: 'secret123',
      password_confirmation: 'secret123',
      company: 'ООО «Ромашка»',
      position: 'HR-менеджер',
      city_name: 'Москва',
      company_people_count: '51-150',
    },
    required: { fio: /[а-я]/i, email: /[а-я]/i, phone: /[а-я]/i, password: /[а-я]/i, company: /[а-я]/i, position: /[а-я]/i, city_name: /[а-я]/i },
  },
];

describe('public forms: a required field is required whatever the body', () => {
  for (const form of FORMS) {
    it(`${form.name}: the valid body passes`, () => {
      expect(errorsOf(form.schema, form.valid)).toEqual({});
    });

    for (const [field, message] of Object.entries(form.required)) {
      it(`${form.name}: ${field} missing, null or empty is its own error`, () => {
        const { [field]: _left, ...rest } = form.valid;
        for (const body of [rest, { ...rest, [field]: null }, { ...rest, [field]: '' }]) {
          const errors = errorsOf(form.schema, body);
          expect(Object.keys(errors)).toContain(field);
          if (typeof message === 'string') expect(errors[field]).toEqual([message]);
          else expect(errors[field]?.[0]).toMatch(message);
        }
      });
    }
  }

  it('every spelling of an unticked box is refused, every ticked one accepted', () => {
    const box = consentBox();
    for (const v of [undefined, null, false, 0, '0', 'false', '', 'off', 'no', ' ', {}, [], [true], { consent: true }, 2, 'yes']) {
      const r = box.safeParse(v);
      expect(r.success, JSON.stringify(v)).toBe(false);
      if (!r.success) expect(r.error.issues.map((i) => i.message)).toEqual([CONSENT_MSG.required]);
    }
    for (const v of [true, 1, '1', 'true', 'on', 'ON', ' true ']) expect(box.safeParse(v).success, JSON.stringify(v)).toBe(true);
  });

  it('the consent version must be the one in force', () => {
    const reply = (consent_version: unknown) => errorsOf(replyBody, { ...FORMS[0]?.valid, consent_version });
    expect(reply('2000-01-01')).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    expect(reply(20250601)).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    expect(reply(['2025-06-01'])).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    expect(reply(` ${CONSENT_TEXTS.reply.version} `)).toEqual({});
  });
});

/** `.optional()`, `.nullish()` or `.nullable()` with a `.refine` / `.superRefine` / `.check` straight after it. */
const RULE_AFTER_OPTIONAL = /\.(?:optional|nullish|nullable)\(\)(?:\s*\.(?:optional|nullish|nullable)\(\))*\s*\.(?:refine|superRefine|check)\(/g;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

describe('no rule chained after .optional()', () => {
  it('in the contract, the API and the web client', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const found: string[] = [];
    for (const dir of ['packages/contract/src', 'apps/api/src', 'apps/web/src']) {
      for (const file of sources(path.join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(RULE_AFTER_OPTIONAL)) {
          found.push(`${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the pattern it looks for is the one that lets a missing key through', () => {
    expect('looseBoolean.optional().refine((v) => v === true)'.match(RULE_AFTER_OPTIONAL)).toHaveLength(1);
    expect('z.string()\n  .nullable()\n  .optional()\n  .superRefine(check)'.match(RULE_AFTER_OPTIONAL)).toHaveLength(1);
    expect('z.string().refine(ok).nullish()'.match(RULE_AFTER_OPTIONAL)).toBeNull();
  });
});
