import { Stack, Text, Title } from '@mantine/core'
import { SettingsMap } from '@che/core'
import { useState } from 'react'
import { Banner } from '../../../components/banner'
import { KeyValueEditor, rowsFromMap } from '../../../components/key-value-editor'
import type { KeyValueRow } from '../../../components/key-value-editor'
import { QueryState } from '../../../components/query-state'
import { errorMessage } from '../../../lib/api-client'
import { PROMPTS_FALLBACK_ERROR, usePrompts } from '../api/get-prompts'
import { useSavePrompts } from '../api/save-prompts'
import { fieldErrorsFrom } from '../../../lib/form'

/** /admin/prompts: the AI prompts as a key-value map. */
export function PromptsPage() {
  const prompts = usePrompts()
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Prompts</Title>
      <Text c="dimmed">
        The instructions the AI evaluation, reports and help chat are given. Save sends the whole
        set.
      </Text>
      <QueryState query={prompts} errorFallback={PROMPTS_FALLBACK_ERROR}>
        {(map) => <PromptsEditor initial={map} />}
      </QueryState>
    </Stack>
  )
}

function PromptsEditor({ initial }: { initial: Record<string, string> }) {
  const [rows, setRows] = useState<KeyValueRow[]>(() => rowsFromMap(initial))
  const save = useSavePrompts()
  return (
    <KeyValueEditor
      rows={rows}
      onChange={(next) => {
        setRows(next)
        if (save.isSuccess) save.reset()
      }}
      noun="prompt"
      schema={SettingsMap}
      saving={save.isPending}
      errors={fieldErrorsFrom(save.error, 'prompts.')}
      onSave={(map) => save.mutate(map, { onSuccess: (saved) => setRows(rowsFromMap(saved)) })}
      status={
        <>
          <Banner message={save.isSuccess ? 'Prompts saved.' : null} />
          <Banner
            type="error"
            message={save.isError ? errorMessage(save.error, 'Failed to save prompts') : null}
          />
        </>
      }
    />
  )
}
