/**
 * The stop words of PostgreSQL's `russian` text search configuration (snowball russian.stop for
 * Cyrillic words, english.stop for Latin ones). A word made only of these matches nothing in a
 * tsquery, so the search drops it instead of letting an empty query match no resume.
 */
const RUSSIAN = `и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между`;
const ENGLISH = `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now`;

export const STOP_WORDS: ReadonlySet<string> = new Set([...RUSSIAN.split(/\s+/), ...ENGLISH.split(/\s+/)].filter(Boolean));

/** The word-like pieces of a text as the text search parser sees them (letters and digits). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a text has at least one word that is not a stop word (so its tsquery is not empty). */
export function hasSearchableWords(text: string): boolean {
  return wordsOf(text).some((w) => !STOP_WORDS.has(w));
}
