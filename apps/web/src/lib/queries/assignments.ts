import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api-client'
import type { ResponseOf } from '../api-client'
import { callKey } from '../query-keys'

export type AssignmentReport = ResponseOf<typeof api.editorAssignmentReports>[number]

export const ASSIGNMENTS_FALLBACK_ERROR = 'Failed to fetch assignments'

export const assignmentsQuery = (editor?: string) =>
  queryOptions({
    queryKey: callKey('editorAssignmentReports', { editor }),
    queryFn: ({ signal }) =>
      call(api.editorAssignmentReports, { body: editor ? { editor } : {}, signal }),
  })

/**
 * POST /api/editor/assignmentreports: an editor's own assignments; for an admin every idiom
 * (assigned or not), or one editor's when `editor` is given. The admin's Audio screen and the
 * editor's Manage screen share it, so a change on one refreshes the other.
 */
export const useAssignments = (editor?: string) => useQuery(assignmentsQuery(editor))
