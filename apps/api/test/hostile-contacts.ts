// A candidate whose free text is full of their own contacts and names, spelt every way people type
// them, and a detector that finds any of them in an answer. Shared by the doors test
// (src/modules/resume/candidate-view.test.ts) and `npm run bench:robustness`'s leak sweep.

import type { resumes } from '../src/db/schema/index.ts';

export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same candidates. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
const latin = (rng: Rng, n: number) => Array.from({ length: n }, () => pick(rng, 'bcdfghjklmnpqrstvwxz'.split(''))).join('');

/** The ways a Russian mobile is written: `a` the operator code, then 3-2-2. */
const PHONE_SPELLINGS: readonly ((a: string, b: string, c: string, d: string) => string)[] = [
  (a, b, c, d) => `+7 (${a}) ${b}-${c}-${d}`,
  (a, b, c, d) => `8 ${a} ${b}-${c}-${d}`,
  (a, b, c, d) => `8${a}${b}${c}${d}`,
  (a, b, c, d) => `+7${a}${b}${c}${d}`,
  (a, b, c, d) => `8-${a}-${b}-${c}-${d}`,
  (a, b, c, d) => `8 (${a}) ${b} ${c} ${d}`,
  (a, b, c, d) => `+7.${a}.${b}.${c}.${d}`,
  (a, b, c, d) => `${a} ${b} ${c} ${d}`,
  (a, b, c, d) => `+7 ${a} ${b}${c}${d}`,
  (a, b, c, d) => `8(${a})${b}-${c}-${d}`,
  (a, b, c, d) => `+7–${a}–${b}–${c}–${d}`,
  (a, b, c, d) => `7 ${a} ${b} ${c} ${d}`.replace(/^7/, '+7'),
  (a, b, c, d) => `${a}-${b}-${c}-${d}`,
  (a, b, c, d) => `+7(${a})${b}${c}${d}`,
];
const EMAIL_SPELLINGS: readonly ((local: string, domain: string) => string)[] = [
  (l, d) => `${l}@${d}.ru`,
  (l, d) => `${l} [at] ${d} [dot] ru`,
  (l, d) => `${l}(at)${d}.ru`,
  (l, d) => `${l} собака ${d}.ru`,
  (l, d) => `${l}@${d}.com`,
  (l, d) => `${l} @ ${d}.ru`,
];
const HANDLE_SPELLINGS: readonly ((h: string, phone: string) => string)[] = [
  (h) => `@${h}`,
  (h) => `tg: ${h}`,
  (h) => `Telegram — ${h}`,
  (h) => `телеграм ${h}`,
  (h) => `t.me/${h}`,
  (h) => `https://t.me/${h}`,
  (_h, p) => `WhatsApp: wa.me/7${p}`,
  (h) => `vk.com/${h}`,
  (h) => `skype: ${h}`,
  (h) => `instagram.com/${h}`,
  (h) => `вк: ${h}`,
];
// No start that makes a word of the text («Ксил»+«офо» is «ксилофон»): the detector would count the word as the name.
const SURNAME_STARTS = ['Бур', 'Цвирк', 'Мор', 'Зуб', 'Гвоз', 'Пряж', 'Шкот', 'Дроз', 'Клюк', 'Вертл'];
const SURNAME_MIDDLES = ['ыки', 'офо', 'яни', 'ебу', 'арди', 'ушки', 'оло'];
const FIRST_NAMES = ['Евлампия', 'Аристарх', 'Феврония', 'Порфирий', 'Агафья', 'Ксенофонт'];
const MIDDLE_NAMES = ['Аристарховна', 'Власович', 'Евграфовна', 'Фролович'];
/** The surname in the cases free text puts it. */
const CASES = ['', 'а', 'у', 'ым', 'е', 'ой'];

export type HostileCandidate = {
  /** The resume's columns (names, contacts on file, and the free text full of them). */
  row: Partial<typeof resumes.$inferInsert>;
  /** A word only this candidate's title and text hold, to find them by the search. */
  searchWord: string;
  secrets: {
    /** The phone's last seven digits (found however the answer spaces or punctuates them). */
    phoneTail: string;
    /** Tokens that occur only in the candidate's e-mails and handles. */
    tokens: string[];
    /** The surname's stem and the rare first name. */
    names: string[];
  };
};

/** One candidate with contacts typed into the title, the last job, an experience entry, skills and «о себе». */
export function hostileCandidate(rng: Rng): HostileCandidate {
  const a = `9${digits(rng, 2)}`;
  const [b, c, d] = [digits(rng, 3), digits(rng, 2), digits(rng, 2)] as [string, string, string];
  const phone = `${a}${b}${c}${d}`;
  const local = `q${latin(rng, 7)}`;
  const domain = `d${latin(rng, 6)}`;
  const handle = `h${latin(rng, 6)}_${latin(rng, 3)}`;
  const stem = `${pick(rng, SURNAME_STARTS)}${pick(rng, SURNAME_MIDDLES)}${latin(rng, 0)}`;
  const lastName = `${stem}${pick(rng, ['н', 'в', 'нск'])}`;
  const firstName = pick(rng, FIRST_NAMES);
  const middleName = pick(rng, MIDDLE_NAMES);
  const searchWord = `ксилофон${Array.from({ length: 5 }, () => pick(rng, 'бвгдзклмнпрстфхц'.split(''))).join('')}`;
  const tel = () => pick(rng, PHONE_SPELLINGS)(a, b, c, d);
  const mail = () => pick(rng, EMAIL_SPELLINGS)(local, domain);
  const tg = () => pick(rng, HANDLE_SPELLINGS)(handle, phone);
  const name = () => `${lastName}${pick(rng, CASES)}`;
  return {
    row: {
      firstName,
      lastName,
      middleName,
      phone,
      email: `${local}@${domain}.ru`,
      telegram: handle,
      title: `${searchWord[0]?.toUpperCase()}${searchWord.slice(1)}, звоните ${tel()} или пишите ${mail()}`,
      lastCompany: `ИП ${lastName}`,
      lastPosition: `Ксилофонист, ${tg()}`,
      experience: [
        {
          company: `ИП ${lastName}`,
          position: `Ксилофонист ${tel()}`,
          start: '2019-01-01',
          end: null,
          description: `Гастроли 2015-2020, бюджет 1 500 000 руб. Рекомендации у ${name()} ${firstName}: ${tel()}, ${mail()}, ${tg()}.`,
        },
      ],
      skills: ['Ксилофон', mail(), tg()],
      about: `Я ${firstName} ${middleName} ${name()}, ${searchWord}. Звоните ${tel()} / ${tel()}, пишите ${mail()}, ${tg()}, ${tg()}. Спросить ${name()}.`,
    },
    searchWord,
    secrets: { phoneTail: `${b}${c}${d}`, tokens: [local, domain, handle], names: [stem, firstName, middleName.slice(0, -2)] },
  };
}

/**
 * What of the candidate an answer gives away: `contacts` (the phone in any spelling, an e-mail or a
 * handle) and `names` (the surname in any case, the first name).
 */
export function leaksIn(answer: string, candidate: HostileCandidate): { contacts: boolean; names: boolean } {
  const text = answer.toLowerCase();
  // Every run of digits and the separators phones are written with, as digits alone.
  const runs = (answer.match(/[\d\s().+\u2010-\u2015-]+/gu) ?? []).map((run) => run.replace(/\D/g, ''));
  const phone = runs.some((run) => run.includes(candidate.secrets.phoneTail));
  const token = candidate.secrets.tokens.some((t) => text.includes(t.toLowerCase()));
  const names = candidate.secrets.names.some((n) => text.includes(n.toLowerCase()));
  return { contacts: phone || token, names };
}
