import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** Drizzle's migrations (SQL and journal), the same from src/db and dist/db. */
export const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle')

/**
 * PGlite is one process inside ours, reading its files through the OS page cache: PostgreSQL's
 * default 128 MB of shared buffers would only double-cache them (and be resident from the
 * start). 16 MB keeps the hot pages of a small library in the buffer pool.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
}
