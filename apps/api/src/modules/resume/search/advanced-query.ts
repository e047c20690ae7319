/**
 * The `spec_search` query language (PRODUCT 2 and 4):
 *
 *   менеджер AND (продажи OR закупки) NOT стажёр
 *   company:Сбербанк position:"главный бухгалтер" skill:1С
 *
 * - operators AND / OR / NOT and И / ИЛИ / НЕ, any case; adjacent terms mean AND, so `X NOT Y` is
 *   X and not Y; precedence NOT > AND > OR; parentheses group;
 * - unquoted words match with Russian morphology; "quoted phrases" («ёлочки» too) match exactly
 *   (the words in this order, these word forms);
 * - `company:` (former employers: every experience entry), `position:` (experience positions),
 *   `skill:` (key skills), `title:` (desired position) restrict a word or a quoted phrase to a field;
 *   Russian aliases компания: / должность: / навык: / название:. Any other `word:` is an ordinary
 *   word (1С:Бухгалтерия).
 *
 * A syntax error names the 1-based character position where the query goes wrong.
 */

export type TermField = 'everywhere' | 'title' | 'skill' | 'company' | 'position';

export type QueryNode =
  | { kind: 'term'; field: TermField; text: string; exact: boolean; pos: number }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] };

export class QuerySyntaxError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`Ошибка в запросе (позиция ${position}): ${reason}`);
  }
}

const PREFIXES: Record<string, TermField> = {
  company: 'company',
  компания: 'company',
  position: 'position',
  должность: 'position',
  skill: 'skill',
  навык: 'skill',
  title: 'title',
  название: 'title',
};

const OPERATORS: Record<string, 'and' | 'or' | 'not'> = {
  and: 'and',
  и: 'and',
  or: 'or',
  или: 'or',
  not: 'not',
  не: 'not',
};

type Token =
  | { type: 'lparen'; pos: number }
  | { type: 'rparen'; pos: number }
  | { type: 'op'; op: 'and' | 'or' | 'not'; text: string; pos: number }
  | { type: 'term'; field: TermField; text: string; exact: boolean; pos: number };

const QUOTES: Record<string, string> = { '"': '"', '«': '»', '“': '”', '„': '“' };
const isSpace = (c: string) => /\s/u.test(c);
const isBreak = (c: string) => isSpace(c) || c === '(' || c === ')' || c in QUOTES;

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const chars = [...input];
  let i = 0;
  const readPhrase = (field: TermField, prefixPos: number | null): void => {
    const open = chars[i] as string;
    const close = QUOTES[open] as string;
    const start = i;
    i++;
    let text = '';
    while (i < chars.length && chars[i] !== close && !(close === '“' && chars[i] === '”')) text += chars[i++];
    if (i >= chars.length) throw new QuerySyntaxError(start + 1, 'не закрыта кавычка');
    i++;
    if (!text.trim()) throw new QuerySyntaxError(start + 1, 'пустая фраза в кавычках');
    tokens.push({ type: 'term', field, text: text.trim(), exact: true, pos: (prefixPos ?? start) + 1 });
  };
  while (i < chars.length) {
    const c = chars[i] as string;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push(c === '(' ? { type: 'lparen', pos: i + 1 } : { type: 'rparen', pos: i + 1 });
      i++;
      continue;
    }
    if (c in QUOTES) {
      readPhrase('everywhere', null);
      continue;
    }
    const start = i;
    let word = '';
    while (i < chars.length && !isBreak(chars[i] as string)) word += chars[i++];
    const lower = word.toLowerCase();
    const op = OPERATORS[lower];
    if (op) {
      tokens.push({ type: 'op', op, text: word, pos: start + 1 });
      continue;
    }
    const colon = word.indexOf(':');
    const field = colon > 0 ? PREFIXES[lower.slice(0, colon)] : undefined;
    if (!field) {
      tokens.push({ type: 'term', field: 'everywhere', text: word, exact: false, pos: start + 1 });
      continue;
    }
    const rest = word.slice(colon + 1);
    if (rest) {
      tokens.push({ type: 'term', field, text: rest, exact: false, pos: start + 1 });
      continue;
    }
    // `company:"Газпром нефть"`, or `company: Сбербанк` with a space.
    while (i < chars.length && isSpace(chars[i] as string)) i++;
    const next = chars[i];
    if (next !== undefined && next in QUOTES) {
      readPhrase(field, start);
      continue;
    }
    let value = '';
    const valueStart = i;
    while (i < chars.length && !isBreak(chars[i] as string)) value += chars[i++];
    if (!value || OPERATORS[value.toLowerCase()]) {
      throw new QuerySyntaxError(start + 1, `после «${word}» нужно слово или фраза в кавычках`);
    }
    tokens.push({ type: 'term', field, text: value, exact: false, pos: valueStart + 1 });
  }
  return tokens;
}

/** Parses the advanced query; an empty query gives null. Throws QuerySyntaxError. */
export function parseAdvancedQuery(input: string): QueryNode | null {
  const tokens = tokenize(input);
  if (!tokens.length) return null;
  const end = [...input].length + 1;
  let k = 0;
  const peek = () => tokens[k];

  const parseOr = (): QueryNode => {
    const children = [parseAnd()];
    for (;;) {
      const t = peek();
      if (t?.type !== 'op' || t.op !== 'or') break;
      k++;
      if (!peek()) throw new QuerySyntaxError(t.pos, `после «${t.text}» нет слова`);
      children.push(parseAnd());
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'or', children };
  };

  const parseAnd = (): QueryNode => {
    const children = [parseUnary()];
    for (;;) {
      const t = peek();
      if (!t || t.type === 'rparen' || (t.type === 'op' && t.op === 'or')) break;
      if (t.type === 'op' && t.op === 'and') {
        k++;
        if (!peek()) throw new QuerySyntaxError(t.pos, `после «${t.text}» нет слова`);
      }
      children.push(parseUnary());
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'and', children };
  };

  const parseUnary = (): QueryNode => {
    const t = peek();
    if (t?.type === 'op' && t.op === 'not') {
      k++;
      if (!peek()) throw new QuerySyntaxError(t.pos, `после «${t.text}» нет слова`);
      return { kind: 'not', child: parseUnary() };
    }
    return parsePrimary();
  };

  const parsePrimary = (): QueryNode => {
    const t = peek();
    if (!t) throw new QuerySyntaxError(end, 'запрос оборвался: ожидается слово');
    if (t.type === 'term') {
      k++;
      return { kind: 'term', field: t.field, text: t.text, exact: t.exact, pos: t.pos };
    }
    if (t.type === 'lparen') {
      k++;
      const inner = peek();
      if (inner?.type === 'rparen') throw new QuerySyntaxError(t.pos, 'пустые скобки');
      if (!inner) throw new QuerySyntaxError(t.pos, 'не закрыта скобка');
      const node = parseOr();
      const close = peek();
      if (close?.type !== 'rparen') throw new QuerySyntaxError(t.pos, 'не закрыта скобка');
      k++;
      return node;
    }
    if (t.type === 'rparen') throw new QuerySyntaxError(t.pos, 'лишняя закрывающая скобка');
    throw new QuerySyntaxError(t.pos, `оператор «${t.text}» без слова слева`);
  };

  const tree = parseOr();
  const rest = peek();
  if (rest) {
    // parseAnd stops only at `)` or OR, and OR is consumed by parseOr: what is left is a stray `)`.
    throw new QuerySyntaxError(rest.pos, 'лишняя закрывающая скобка');
  }
  return tree;
}

/** The node with terms that cannot match anything useful (only stop words) removed; null if none is left. */
export function pruneTerms(node: QueryNode, keep: (term: Extract<QueryNode, { kind: 'term' }>) => boolean): QueryNode | null {
  switch (node.kind) {
    case 'term':
      return keep(node) ? node : null;
    case 'not': {
      const child = pruneTerms(node.child, keep);
      return child ? { kind: 'not', child } : null;
    }
    default: {
      const children = node.children.map((c) => pruneTerms(c, keep)).filter((c): c is QueryNode => c !== null);
      if (!children.length) return null;
      return children.length === 1 ? (children[0] as QueryNode) : { kind: node.kind, children };
    }
  }
}

/** A readable form, for tests and logs: AND(…), OR(…), NOT …, field:"text". */
export function describeQuery(node: QueryNode | null): string {
  if (!node) return '';
  switch (node.kind) {
    case 'term': {
      const text = node.exact ? `"${node.text}"` : node.text;
      return node.field === 'everywhere' ? text : `${node.field}:${text}`;
    }
    case 'not':
      return `NOT ${describeQuery(node.child)}`;
    default:
      return `${node.kind.toUpperCase()}(${node.children.map(describeQuery).join(', ')})`;
  }
}
