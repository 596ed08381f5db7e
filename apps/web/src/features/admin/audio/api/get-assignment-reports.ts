import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../../lib/api-client'
import type { ResponseOf } from '../../../../lib/api-client'

export type AssignmentReport = ResponseOf<typeof api.editorAssignmentReports>[number]

export const ASSIGNMENT_REPORTS_FALLBACK_ERROR = 'Failed to fetch assignments'

/** Prefix of every assignment-list key. */
export const assignmentReportsKey = () => callKey(api.editorAssignmentReports)

export const assignmentReportsQuery = (editor: string) =>
  queryOptions({
    queryKey: [...assignmentReportsKey(), { editor }],
    queryFn: ({ signal }) =>
      call(api.editorAssignmentReports, { body: editor ? { editor } : {}, signal }),
  })

/** POST /api/editor/assignmentreports: every idiom, assignable or assigned, or one editor's assignments. */
export const useAssignmentReports = (editor: string) => useQuery(assignmentReportsQuery(editor))
