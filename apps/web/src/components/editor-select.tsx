import { Select } from '@mantine/core'
import type { SelectProps } from '@mantine/core'
import { errorMessage } from '../lib/api-client'
import { EDITORS_FALLBACK_ERROR, useEditors } from '../lib/queries/editors'

/**
 * A Select of the users who may record audio (GET /api/editors, admins only), labelled
 * 'Name (e-mail)', valued by user id. `allEditors` adds a first 'All editors' choice (value '').
 * A failed fetch shows under the field unless the caller passes its own error.
 */
export function EditorSelect({
  allEditors = false,
  enabled = true,
  error,
  ...props
}: Omit<SelectProps, 'data'> & { allEditors?: boolean; enabled?: boolean }) {
  const editors = useEditors(enabled)
  const data = (editors.data ?? []).map((e) => ({
    value: e.userId,
    label: `${e.name} (${e.email})`,
  }))
  return (
    <Select
      {...props}
      placeholder={editors.isPending && props.placeholder ? 'Loading...' : props.placeholder}
      data={allEditors ? [{ value: '', label: 'All editors' }, ...data] : data}
      allowDeselect={false}
      searchable
      error={editors.isError ? errorMessage(editors.error, EDITORS_FALLBACK_ERROR) : error}
    />
  )
}
