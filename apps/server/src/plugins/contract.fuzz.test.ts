import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, buildPath, type Endpoint } from '@che/core'
import { fakeSynthesizer, seedExample } from '../modules/exercises/exercises.fixtures.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'
import { arbitraryFor } from '../test/zod-arbitrary.js'

/** Runs per call of the contract (about 50 calls). */
const RUNS = 12

/**
 * Every call of the contract, with bodies, queries and path parameters generated from its own
 * zod schemas (hostile strings, wrong types, missing fields, out-of-range numbers), sent as an
 * admin so they pass every guard and reach the code behind it. Two properties: the server
 * never answers 500, and a 4xx answer changes nothing in the database.
 */
describe('the contract under generated input', () => {
  let t: TestApp
  let admin: string
  let tables: string[]
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false, synthesizer: fakeSynthesizer() })
    admin = (await t.userWithRole('admin')).token
    await seedExample(t, admin)
    const rows = await t.database.db.execute<{ table_name: string }>(
      // rate_limits counts attempts, refused ones included: that is its job, not a change of data.
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%' and table_name <> 'rate_limits' order by 1`,
    )
    tables = rowsOf<{ table_name: string }>(rows).map((r) => r.table_name)
  })
  afterAll(() => t.close())

  /** A fingerprint of every row of every table. */
  async function snapshot(): Promise<string> {
    const parts = tables.map(
      (name) =>
        sql`select ${name} as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    )
    const rows = await t.database.db.execute<{ t: string; h: string }>(
      sql.join(parts, sql` union all `),
    )
    return rowsOf<{ t: string; h: string }>(rows)
      .map((r) => `${r.t}:${r.h}`)
      .join(' ')
  }

  const endpoints = Object.entries(api) as [string, Endpoint][]

  it.each(endpoints)('%s: no 500, and nothing changes after a 4xx', async (name, endpoint) => {
    const input = fc.record({
      body: endpoint.body ? arbitraryFor(endpoint.body) : fc.constant(undefined),
      query: endpoint.query ? arbitraryFor(endpoint.query) : fc.constant(undefined),
      id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant('a\u0000b')),
      rest: fc.string({ maxLength: 30 }),
    })
    await fc.assert(
      fc.asyncProperty(input, async ({ body, query, id, rest }) => {
        // Deleting one's own account would end the run: that call gets a user of its own.
        const token = name === 'accountDelete' ? (await t.userWithRole('learner')).token : admin
        const path = buildPath(endpoint.path.replace('*', encodeURIComponent(rest) || 'x'), {
          id,
        })
        const before = await snapshot()
        const res = await t.app.inject({
          method: endpoint.method,
          url: path,
          query: toQuery(query),
          headers: bearer(token),
          ...payloadOf(endpoint, body),
        })
        expect(res.statusCode, `${endpoint.method} ${path} → ${res.body}`).not.toBe(500)
        if (res.statusCode >= 400 && res.statusCode < 500) {
          expect(await snapshot(), `${endpoint.method} ${path} → ${res.statusCode}`).toBe(before)
        }
      }),
      { numRuns: RUNS },
    )
  })
})

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])
}

/** Query values as a browser sends them: strings only, objects flattened to text. */
function toQuery(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  )
}

function payloadOf(endpoint: Endpoint, body: unknown) {
  if (endpoint.method !== 'POST') return {}
  if (!endpoint.multipart) return { payload: body === undefined ? {} : (body as object) }
  const form = new FormData()
  if (typeof body === 'object' && body !== null) {
    for (const [k, v] of Object.entries(body)) {
      if (v !== undefined) form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
    }
  }
  form.append('file', new Blob([new Uint8Array([0, 1, 2, 3])], { type: 'audio/wav' }), 'x.wav')
  return { payload: form }
}
