import { type PGlite, protocol, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';

/**
 * Named statements for PGlite's `query`, on the instance itself and in its transactions.
 *
 * PGlite's own `query` parses, analyses and plans every statement anew and talks to the engine in
 * six separate calls (parse, describe, bind, describe, execute, sync). In WebAssembly planning is
 * most of a statement's cost: the resume page's statement took 2.07 ms that way and 0.23 ms as a
 * named statement whose plan PostgreSQL keeps (docs/performance.md, issue 25). So each distinct
 * text is parsed and described once (a named statement, kept in a bounded LRU), and every later
 * call is one message: Bind, Execute, Sync.
 *
 * What a caller gets is unchanged: the parameters are written by PGlite's serializers for the
 * types PostgreSQL inferred, the rows read by its parsers and `rowMode`, errors are the same
 * DatabaseError with `query` and `params`, notifications reach their listeners (they are read by
 * the same protocol handler), and the usual locks keep statements and transactions apart.
 * PostgreSQL chooses between a custom and a generic plan as with any prepared statement (after five
 * runs, a generic plan only when it is estimated no dearer); the search's statements, whose best
 * plan depends on their values, ask for custom plans (search.runtime.ts).
 */

const { serialize } = protocol;
/** Named statements kept per instance; the least recently used beyond it are closed. */
export const PREPARED_STATEMENTS_KEPT = 256;

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; paramTypes: number[]; fields: Field[] };
type Parser = (value: string, type: number) => unknown;
type State = { statements: Map<string, Statement>; toClose: string[]; next: number };
/**
 * A kept statement gone (26000: a DEALLOCATE) or whose result changed shape under it (0A000 from
 * the plan cache: «cached plan must not change result type», after DDL). Other 0A000 errors are the
 * statement's own and are not run twice.
 */
const isStale = (error: { code?: string; routine?: string }) =>
  error.code === '26000' || (error.code === '0A000' && error.routine === 'RevalidateCachedQuery');

/**
 * PGlite's own path for a statement run once (a temporary table's name in it, a one-off import):
 * parsed and planned for its values and not kept, so it neither fills the kept statements nor gets
 * a generic plan.
 */
export const ONE_OFF: QueryOptions = Object.freeze({ paramTypes: [] });

const join = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** PGlite's own rule for an error of a query: the statement and values go with it. */
function withQuery(error: unknown, text: string, params: unknown[], options?: QueryOptions): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

async function prepare(lite: PGlite, state: State, text: string): Promise<Statement> {
  const name = `hr_s${state.next++}`;
  const { messages } = await lite.execProtocol(
    join([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    { syncToFs: false },
  );
  const described = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
  const row = messages.find((m) => m.name === 'rowDescription') as { fields?: Field[] } | undefined;
  const statement = {
    name,
    paramTypes: described?.dataTypeIDs ?? [],
    fields: (row?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
  state.statements.set(text, statement);
  if (state.statements.size > PREPARED_STATEMENTS_KEPT) {
    const oldest = state.statements.keys().next().value as string;
    state.toClose.push((state.statements.get(oldest) as Statement).name);
    state.statements.delete(oldest);
  }
  return statement;
}

async function run<T>(
  lite: PGlite,
  state: State,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  again = true,
): Promise<Results<T>> {
  let statement = state.statements.get(text);
  const kept = statement !== undefined;
  try {
    if (statement) {
      // Most recently used last: the map's first key is the one to close.
      state.statements.delete(text);
      state.statements.set(text, statement);
    } else statement = await prepare(lite, state, text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement?.paramTypes[i] as number;
      const write = options?.serializers?.[type] ?? lite.serializers[type];
      return write ? write(value) : String(value);
    });
    const closing = state.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
    const { messages } = await lite.execProtocol(
      join([...closing, serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return readResult<T>(lite, statement.fields, messages, options);
  } catch (error) {
    if (kept && statement && isStale(error as { code?: string; routine?: string })) {
      state.statements.delete(text);
      state.toClose.push(statement.name);
      // Inside a transaction the error has already failed it (PGlite's own query would have parsed
      // the text anew: DDL inside a transaction is not done at run time here); only a statement on
      // its own is retried, once.
      if (again && !lite.isInTransaction()) return run(lite, state, text, params, options, false);
    }
    throw withQuery(error, text, params, options);
  }
}

/**
 * The rows as PGlite's `parseResults` gives them (the same parsers: the call's, the instance's, the
 * defaults; `rowMode`; `affectedRows`, `rowCount`, `command`), without copying the instance's
 * parser table into a new object for every statement as it does.
 */
function readResult<T>(lite: PGlite, fields: Field[], messages: { name: string }[], options?: QueryOptions): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const shared = lite.parsers as Record<number, Parser>;
  const defaults = types.parsers as Record<number, Parser>;
  const parsers = fields.map((f) => own?.[f.dataTypeID] ?? shared[f.dataTypeID] ?? defaults[f.dataTypeID]);
  // A column named __proto__ would set the row's prototype: such rows are built as PGlite does.
  const asArrays = options?.rowMode === 'array' || fields.some((f) => f.name === '__proto__');
  const rows: unknown[] = [];
  let result: Results<T> | null = null;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      const row: unknown[] | Record<string, unknown> = asArrays ? new Array(values.length) : {};
      for (let i = 0; i < values.length; i++) {
        const raw = values[i] as string | null;
        const parser = parsers[i];
        const value = raw === null ? null : parser ? parser(raw, (fields[i] as Field).dataTypeID) : raw;
        if (asArrays) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[(fields[i] as Field).name] = value;
      }
      rows.push(
        asArrays && options?.rowMode !== 'array'
          ? Object.fromEntries((row as unknown[]).map((v, i) => [(fields[i] as Field).name, v]))
          : row,
      );
    } else if (message.name === 'commandComplete' && !result) {
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0] as string;
      const count = Number.parseInt(words[words.length - 1] as string, 10);
      const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? count : 0;
      result = { rows: rows as Results<T>['rows'], fields, command, affectedRows: changes };
      if (!Number.isNaN(count)) result.rowCount = count;
    }
  }
  return result ?? { rows: rows as Results<T>['rows'], fields, affectedRows: 0 };
}

/** Whether PGlite's own path must run the call (a file attached, or PGlite's own options). */
const ownPath = (options?: QueryOptions) => Boolean(options?.blob || options?.paramTypes || options?.onNotice);

/** Gives `lite` (and the transactions it opens) the named-statement `query`; returns it. */
export function usePreparedStatements(lite: PGlite): PGlite {
  const state: State = { statements: new Map(), toClose: [], next: 1 };
  const ownQuery = lite.query.bind(lite);
  const ownTransaction = lite.transaction.bind(lite);

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (ownPath(options)) return ownQuery<T>(text, params, options);
    await lite._checkReady();
    return lite._runExclusiveTransaction(() =>
      lite._runExclusiveQuery(async () => {
        const result = await run<T>(lite, state, text, params, options);
        await lite.syncToFs();
        return result;
      }),
    );
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    ownTransaction((tx) => {
      // The transaction's own object stays underneath (exec, rollback, listen, `closed`).
      const fast = Object.create(tx, {
        query: {
          value: async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            if (tx.closed) throw new Error('Transaction is closed');
            if (ownPath(options)) return tx.query<R>(text, params, options);
            return lite._runExclusiveQuery(() => run<R>(lite, state, text, params, options));
          },
        },
      }) as Transaction;
      return callback(fast);
    });

  Object.assign(lite, { query, transaction });
  return lite;
}
