import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** What runs a statement underneath Drizzle: a PGlite instance or transaction, a pg pool or client. */
interface PgliteLike {
  exec(query: string, options?: { rowMode?: 'array' }): Promise<{ rows: unknown[][] }[]>
}
interface PgLike {
  query(config: {
    name: string
    text: string
    values: readonly string[]
    rowMode: 'array'
  }): Promise<{ rows: unknown[][] }>
}

const dialect = new PgDialect()

/** The driver client a Drizzle database or transaction runs its statements on. */
function clientOf(db: Db): unknown {
  return (db as unknown as { session: { client: unknown } }).session.client
}

/** A text parameter as an SQL string literal (standard_conforming_strings, PGlite's default). */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/** Per PGlite instance (its root client), each statement name's PREPARE, made once. */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>()

/**
 * A hot statement that answers one text value (its first column of its first row, or null),
 * parsed and planned once per connection instead of on every call (docs/decisions/054): on
 * PGlite a statement with parameters costs five protocol steps (parse, describe, bind, describe,
 * execute), and parse and plan were most of the cost of the group commit's CTEs; here it is
 * `PREPARE`d once per PGlite instance and run as `EXECUTE name('literal', ...)` through the
 * simple protocol (one step; the parameters are text literals, quotes doubled). On PostgreSQL it
 * is a named statement, which node-postgres parses once per pooled connection.
 *
 * `label` starts the statement's name (`che_<label>_<hash of the text>`). `query` writes each
 * parameter as `$1`, `$2`… (`sql.raw('$1')`), of the SQL types `types`. `run` takes the
 * database or the transaction to run on, so a statement of a group commit still runs inside its
 * transaction; before a transaction runs it, `prepare()` must have been awaited outside it.
 */
export function preparedText(root: Db, label: string, types: readonly string[], query: SQL) {
  const built = dialect.sqlToQuery(query)
  if (built.params.length)
    throw new Error('a prepared statement takes its values as $n, not inline')
  const text = built.sql
  const name = `che_${label}_${createHash('sha1')
    .update(`${types.join(',')} ${text}`)
    .digest('hex')
    .slice(0, 16)}`
  const rootClient = clientOf(root)
  const isPglite = typeof (rootClient as Partial<PgliteLike>).exec === 'function'

  /**
   * PGlite: PREPARE once per instance, on the instance itself, never inside a transaction (a
   * transaction's statement waiting for it would wait for its own transaction to end). Checked
   * in `pg_prepared_statements` first, so a name another repo over the same PGlite prepared is
   * kept. Callers sharing one PGlite share the one promise; a failed one is tried again.
   */
  function prepare(): Promise<void> {
    if (!isPglite) return Promise.resolve()
    let names = preparedOn.get(rootClient as object)
    if (!names) {
      names = new Map()
      preparedOn.set(rootClient as object, names)
    }
    let made = names.get(name)
    if (!made) {
      const client = rootClient as PgliteLike
      made = (async () => {
        const [found] = await client.exec(
          `select 1 from pg_prepared_statements where name = ${literal(name)}`,
          { rowMode: 'array' },
        )
        if (!found?.rows.length)
          await client.exec(
            `prepare ${name}${types.length ? `(${types.join(', ')})` : ''} as ${text}`,
          )
      })()
      made.catch(() => names.delete(name))
      names.set(name, made)
    }
    return made
  }

  async function runPglite(db: Db, params: readonly string[]): Promise<unknown[] | undefined> {
    const client = clientOf(db) as PgliteLike
    if (client === rootClient) await prepare()
    else if (!preparedOn.get(rootClient as object)?.has(name))
      throw new Error(`${name} is run in a transaction before prepare() was awaited`)
    const args = params.length ? `(${params.map(literal).join(', ')})` : ''
    const [result] = await client.exec(`execute ${name}${args}`, { rowMode: 'array' })
    return result?.rows[0]
  }

  /** The first row's values (an empty list when there is none). */
  async function firstRow(db: Db, params: readonly string[]): Promise<unknown[]> {
    if (params.length !== types.length) throw new Error(`${name} takes ${types.length} values`)
    // PostgreSQL text never holds one; refused alike on both databases.
    if (params.some((p) => p.includes('\0')))
      throw new Error('a statement parameter holds a NUL character')
    const row = isPglite
      ? await runPglite(db, params)
      : (await (clientOf(db) as PgLike).query({ name, text, values: params, rowMode: 'array' }))
          .rows[0]
    return row ?? []
  }

  return {
    /**
     * Prepares the statement (PGlite; nothing to do on PostgreSQL). Await it before opening a
     * transaction whose statements `run` this one.
     */
    prepare,
    /** The statement's text value on `db` (the root database or a transaction). */
    async run(db: Db, params: readonly string[]): Promise<string | null> {
      return ((await firstRow(db, params))[0] as string | null | undefined) ?? null
    },
    /** The statement's first row as texts, each null when SQL null (for statements of text columns). */
    async row(db: Db, params: readonly string[]): Promise<(string | null)[]> {
      return (await firstRow(db, params)).map((v) => (v as string | null | undefined) ?? null)
    },
  }
}
