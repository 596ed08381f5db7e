import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedText } from './prepared.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

describe('preparedText', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
    await database.db.execute(sql`create table prepared_probe (id int primary key, note text)`)
  })
  afterAll(() => database.drop())
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows

  const echo = () =>
    preparedText(
      database.db,
      'echo',
      ['text', 'int'],
      sql`select $1::text || ' #' || $2::int::text as v from (select 1) s where $2::int >= 0`,
    )

  it('answers the first column of the first row, and null when there is no row', async () => {
    const statement = echo()
    expect(await statement.run(database.db, ['hola', '1'])).toBe('hola #1')
    expect(await statement.run(database.db, ['hola', '-1'])).toBeNull()
  })

  it('passes a value with quotes, backslashes and SQL in it as that value', async () => {
    const statement = echo()
    const nasty = `it's \\ '); drop table prepared_probe; -- "x" \u00e9`
    expect(await statement.run(database.db, [nasty, '2'])).toBe(`${nasty} #2`)
    expect(await rowsOf(sql`select count(*)::int as n from prepared_probe`)).toEqual([{ n: 0 }])
  })

  it('refuses a value with a NUL character rather than cutting it short', async () => {
    await expect(echo().run(database.db, ['a\0b', '1'])).rejects.toThrow(/NUL/)
  })

  it('runs inside a transaction, whose rollback undoes its writes and not the statement', async () => {
    const insert = preparedText(
      database.db,
      'probe',
      ['int', 'text'],
      sql`with ins as (insert into prepared_probe (id, note) values ($1, $2) returning note)
        select note from ins`,
    )
    // Prepared outside the transaction first (on PGlite a PREPARE inside it would wait for it).
    await insert.prepare()
    await expect(
      database.db.transaction(async (tx) => {
        expect(await insert.run(tx, ['1', 'rolled back'])).toBe('rolled back')
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    expect(await insert.run(database.db, ['1', 'kept'])).toBe('kept')
    await database.db.transaction(async (tx) => {
      expect(await insert.run(tx, ['2', 'in a transaction'])).toBe('in a transaction')
    })
    expect(await rowsOf(sql`select id, note from prepared_probe order by id`)).toEqual([
      { id: 1, note: 'kept' },
      { id: 2, note: 'in a transaction' },
    ])
  })

  it('the same statement made twice over one database (two repos) both run', async () => {
    const a = echo()
    const b = echo()
    expect(await a.run(database.db, ['a', '1'])).toBe('a #1')
    expect(await b.run(database.db, ['b', '2'])).toBe('b #2')
  })

  it('a statement that fails fails its caller, and the next call works', async () => {
    const failing = preparedText(database.db, 'failing', ['int'], sql`select (1 / $1::int)::text`)
    await expect(failing.run(database.db, ['0'])).rejects.toThrow(/division by zero/)
    expect(await failing.run(database.db, ['1'])).toBe('1')
  })
})
