import { api } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const EXPORT_FALLBACK_ERROR = 'Failed to download your data'

/** GET /api/account/export, saved by the browser as a JSON file. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const data = await call(api.accountExport)
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `che-idioms-data-${data.exportedAt.slice(0, 10)}.json`
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      return data
    },
    meta: { handlesError: true },
  })
}
