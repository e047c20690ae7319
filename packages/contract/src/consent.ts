import { z } from 'zod';

// ─── consent texts (versioned; each consent row records the version accepted) ────────────────

export const CONSENT_KINDS = ['registration', 'reply', 'review_answer'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export type ConsentText = { kind: ConsentKind; version: string; title: string; text: string };

/**
 * The texts in force. A new wording gets a new version; old rows keep the version they accepted,
 * and a form still showing the old wording is refused (422 errors.consent_version) until the page
 * is reloaded and the new text agreed to.
 */
export const CONSENT_TEXTS: Record<ConsentKind, ConsentText> = {
  registration: {
    kind: 'registration',
    version: '2025-06-01',
    title: 'Согласие на обработку персональных данных участника клуба',
    text:
      'Регистрируясь, я соглашаюсь на обработку HR-клубом моих персональных данных (ФИО, e-mail, телефон, ник в Telegram, ' +
      'компания, должность, город) для участия в клубе, входа на сайт и уведомлений, в соответствии с Федеральным законом ' +
      '№ 152-ФЗ «О персональных данных». Согласие действует до удаления учётной записи и может быть отозвано письмом в клуб.',
  },
  reply: {
    kind: 'reply',
    version: '2025-06-01',
    title: 'Согласие на обработку персональных данных кандидата',
    text:
      'Отправляя отклик, я соглашаюсь на обработку моих персональных данных (ФИО, контакты, резюме и приложенный файл) ' +
      'работодателем и HR-клубом для рассмотрения моей кандидатуры, в соответствии с Федеральным законом № 152-ФЗ ' +
      '«О персональных данных». Данные хранятся не дольше трёх лет; удалить их можно по запросу.',
  },
  review_answer: {
    kind: 'review_answer',
    version: '2025-06-01',
    title: 'Согласие на передачу отзыва участникам клуба',
    text:
      'Отправляя отзыв, я соглашаюсь, что он, моё имя, компания и должность будут доступны участникам HR-клуба, ' +
      'и на обработку этих данных в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».',
  },
};
/** The version of a consent text in force: what a form sends as `consent_version` and a row keeps. */
export const consentVersion = (kind: ConsentKind) => CONSENT_TEXTS[kind].version;

export const CONSENT_MSG = {
  /** The default wording of an unticked personal-data box (PRODUCT 5). */
  required: 'Необходимо согласие на обработку персональных данных',
  versionMissing: 'Не указана версия текста согласия. Обновите страницу и подтвердите согласие',
  versionOutdated: 'Текст согласия изменился. Обновите страницу, прочитайте его и подтвердите согласие заново',
} as const;

// ─── fields ──────────────────────────────────────────────────────────────────────────────────

/** The spellings of a ticked box a form may send (JSON `true`, `1`; multipart `1`, `true`, `on`). */
export const isTicked = (v: unknown): boolean =>
  v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on'].includes(v.trim().toLowerCase()));

/**
 * A box that must be ticked. Never `.optional()`: a missing key, null, `false`, `"0"`, `"false"`, `""`
 * or anything else (an object, an array) is the field's error with `message`.
 */
export const consentBox = (message: string = CONSENT_MSG.required) =>
  z.preprocess((v) => isTicked(v), z.literal(true, { error: message })).meta({ enum: [true, 1, '1', 'true', 'on'] });

/**
 * The version of the consent text the form showed: missing, or any other than the one in force,
 * is the field's error (the person agreed to a text the club no longer shows, or to none).
 */
export const consentVersionField = (kind: ConsentKind) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
    z.string({ error: CONSENT_MSG.versionOutdated }).superRefine((v, ctx) => {
      if (v !== consentVersion(kind)) ctx.addIssue({ code: 'custom', message: v ? CONSENT_MSG.versionOutdated : CONSENT_MSG.versionMissing });
    }),
  ).meta({ type: 'string', enum: [consentVersion(kind)] });
