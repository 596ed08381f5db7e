import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.js'
import { settings } from './schema.js'

describe('openDatabase (PGlite under a data folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'che-client-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('creates a fresh folder, keeps what was written across a restart, with small shared buffers', async () => {
    const first = await openDatabase({ dataDir: dir })
    await first.db.insert(settings).values({ key: 'probe', value: 'kept' })
    await first.close()

    const second = await openDatabase({ dataDir: dir })
    try {
      const rows = await second.db.select().from(settings)
      expect(rows).toEqual(expect.arrayContaining([{ key: 'probe', value: 'kept' }]))
      const result = (await second.db.execute(
        sql`select current_setting('shared_buffers') as value`,
      )) as unknown as { rows: { value: string }[] }
      expect(result.rows[0]!.value).toBe('16MB')
    } finally {
      await second.close()
    }
  }, 180_000)
})
