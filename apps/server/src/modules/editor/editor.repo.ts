import { aliasedTable, and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { assignments, examples, idioms, users } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'
import type { UserRow } from '../users/users.repo.js'

export type AssignmentRow = typeof assignments.$inferSelect
export type AssignmentState = AssignmentRow['state']
type NewAssignmentRow = typeof assignments.$inferInsert
type NewExampleRow = typeof examples.$inferInsert

/** An assignment with the names the views show: the editor's and, when known, the voice's. */
export interface AssignmentWithNames extends AssignmentRow {
  editorName: string
  recordedByName: string | null
}

/** An idiom (the report's fields) with its assignment, if any. */
export interface ReportRow {
  idiom: Pick<IdiomRow, 'id' | 'text' | 'tone' | 'usage'>
  assignment: AssignmentWithNames | null
}

const recorder = aliasedTable(users, 'recorder')

const withNames = {
  assignment: assignments,
  editorName: users.name,
  recordedByName: recorder.name,
}

function flatten(row: {
  assignment: AssignmentRow
  editorName: string
  recordedByName: string | null
}): AssignmentWithNames {
  return { ...row.assignment, editorName: row.editorName, recordedByName: row.recordedByName }
}

/** Queries that also run inside a transaction. */
function queries(db: Db) {
  return {
    async findAssignment(idiomId: string): Promise<AssignmentWithNames | undefined> {
      const [row] = await db
        .select(withNames)
        .from(assignments)
        .innerJoin(users, eq(users.id, assignments.editorId))
        .leftJoin(recorder, eq(recorder.id, assignments.recordedBy))
        .where(eq(assignments.idiomId, idiomId))
      return row ? flatten(row) : undefined
    },
    /**
     * Change an assignment only if it is still at `expected` (sync and state): undefined when
     * someone else changed it first.
     */
    async updateAssignment(
      idiomId: string,
      expected: { sync: number; state: AssignmentState },
      changes: Partial<NewAssignmentRow>,
    ): Promise<AssignmentRow | undefined> {
      const [row] = await db
        .update(assignments)
        .set(changes)
        .where(
          and(
            eq(assignments.idiomId, idiomId),
            eq(assignments.sync, expected.sync),
            eq(assignments.state, expected.state),
          ),
        )
        .returning()
      return row
    },
    async updateExample(
      id: string,
      changes: Partial<NewExampleRow>,
    ): Promise<ExampleRow | undefined> {
      const [row] = await db.update(examples).set(changes).where(eq(examples.id, id)).returning()
      return row
    },
    async insertExample(values: NewExampleRow): Promise<ExampleRow> {
      const [row] = await db.insert(examples).values(values).returning()
      return row!
    },
  }
}
export type EditorTx = ReturnType<typeof queries>

export function createEditorRepo(db: Db) {
  return {
    ...queries(db),

    /** Run `work` in one transaction: everything it writes commits together or not at all. */
    async transaction<T>(work: (tx: EditorTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)))
    },

    /** Users who may record: editors and admins, by name. */
    async listEditors(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(inArray(users.role, ['editor', 'admin']))
        .orderBy(asc(users.name), asc(users.id))
    },
    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    async findIdiom(id: string): Promise<IdiomRow | undefined> {
      const [row] = await db.select().from(idioms).where(eq(idioms.id, id))
      return row
    },
    async findExample(id: string): Promise<ExampleRow | undefined> {
      const [row] = await db.select().from(examples).where(eq(examples.id, id))
      return row
    },
    /** The idiom's first example (oldest), the default one a recording is for. */
    async firstExample(idiomId: string): Promise<ExampleRow | undefined> {
      const [row] = await db
        .select()
        .from(examples)
        .where(eq(examples.idiomId, idiomId))
        .orderBy(asc(examples.createdAt), asc(examples.id))
        .limit(1)
      return row
    },

    /**
     * Insert an assignment, or give an existing one to another editor (its takes and versions
     * stay, credited to whoever recorded them); `exampleId` changes only when given.
     */
    async upsertAssignment(values: {
      idiomId: string
      editorId: string
      exampleId: string | null
      exampleChosen: boolean
      transcription: string
      conjugatedSnippet: string
      assignedAt: Date
    }): Promise<void> {
      await db
        .insert(assignments)
        .values({
          idiomId: values.idiomId,
          editorId: values.editorId,
          exampleId: values.exampleId,
          transcription: values.transcription,
          conjugatedSnippet: values.conjugatedSnippet,
          assignedAt: values.assignedAt,
        })
        .onConflictDoUpdate({
          target: assignments.idiomId,
          set: {
            editorId: values.editorId,
            assignedAt: values.assignedAt,
            // A take recorded by the editor losing the idiom stays credited to them.
            recordedBy: sql`coalesce(${assignments.recordedBy}, case when ${assignments.audioKey} is not null then ${assignments.editorId} end)`,
            ...(values.exampleChosen ? { exampleId: values.exampleId } : {}),
          },
        })
    },

    /**
     * Idioms for the assignment list: with `editorId`, only that editor's assignments; with
     * `assignedOnly` false, every idiom (unassigned ones with a null assignment).
     */
    async reports(filter: {
      editorId?: string | undefined
      assignedOnly: boolean
    }): Promise<ReportRow[]> {
      const rows = await db
        .select({
          idiom: { id: idioms.id, text: idioms.text, tone: idioms.tone, usage: idioms.usage },
          assignment: assignments,
          editorName: users.name,
          recordedByName: recorder.name,
        })
        .from(idioms)
        .leftJoin(assignments, eq(assignments.idiomId, idioms.id))
        .leftJoin(users, eq(users.id, assignments.editorId))
        .leftJoin(recorder, eq(recorder.id, assignments.recordedBy))
        .where(
          filter.editorId
            ? eq(assignments.editorId, filter.editorId)
            : filter.assignedOnly
              ? isNotNull(assignments.idiomId)
              : undefined,
        )
        .orderBy(asc(idioms.normalizedText), asc(idioms.id))
      return rows.map((r) => ({
        idiom: r.idiom,
        assignment: r.assignment
          ? { ...r.assignment, editorName: r.editorName ?? '', recordedByName: r.recordedByName }
          : null,
      }))
    },

    /** Assignments of the given idioms (all when `idiomIds` is undefined), with names. */
    async assignmentsOf(idiomIds: string[] | undefined): Promise<AssignmentWithNames[]> {
      if (idiomIds?.length === 0) return []
      const rows = await db
        .select(withNames)
        .from(assignments)
        .innerJoin(users, eq(users.id, assignments.editorId))
        .leftJoin(recorder, eq(recorder.id, assignments.recordedBy))
        .where(idiomIds ? inArray(assignments.idiomId, idiomIds) : undefined)
      return rows.map(flatten)
    },

    /** True when an assignment still refers to `key` (as its take or as what it published). */
    async keyInUse(key: string): Promise<boolean> {
      const [row] = await db
        .select({ idiomId: assignments.idiomId })
        .from(assignments)
        .where(or(eq(assignments.audioKey, key), eq(assignments.publishedAudioKey, key)))
        .limit(1)
      return row !== undefined
    },
  }
}
export type EditorRepo = ReturnType<typeof createEditorRepo>
