import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'
import type { ResponseOf } from '../../../lib/api-client'

export type AssignmentReport = ResponseOf<typeof api.editorAssignmentReports>[number]

export const ASSIGNMENTS_FALLBACK_ERROR = 'Failed to fetch assignments'

/** Prefix of every assignment-list key (all editors' and each editor's). */
export const assignmentsKey = () => callKey(api.editorAssignmentReports)

export const assignmentsQuery = (editor?: string) =>
  queryOptions({
    queryKey: [...assignmentsKey(), { editor: editor ?? '' }],
    queryFn: ({ signal }) =>
      call(api.editorAssignmentReports, { body: editor ? { editor } : {}, signal }),
  })

/**
 * POST /api/editor/assignmentreports: an editor's own assignments; for an admin every idiom
 * (assigned or not), or one editor's when `editor` is given.
 */
export const useAssignments = (editor?: string) => useQuery(assignmentsQuery(editor))
