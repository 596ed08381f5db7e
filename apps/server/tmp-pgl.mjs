import { PGlite } from '@electric-sql/pglite'
import { execSync } from 'node:child_process'
const t = performance.now()
const db = await PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] })
await db.query('select count(*) from pg_class')
const t1 = performance.now()
for (let i = 0; i < 200; i++) await db.query('select * from pg_class c join pg_attribute a on a.attrelid = c.oid where c.relname = $1', ['settings'])
console.log(process.execArgv.join(' '), 'open', Math.round(t1 - t), 'ms; 200 queries', Math.round(performance.now() - t1), 'ms; rss', process.memoryUsage().rss >> 20)
await db.close()
