import { ApiError } from '../../lib/api-client'

/**
 * The per-field messages of a VALIDATION_FAILED response (details: [{field, message}]), keyed by
 * field with `prefix` removed ('settings.inBeta' → 'inBeta'). Empty for any other error.
 */
export function fieldErrorsFrom(error: unknown, prefix = ''): Record<string, string> {
  if (
    !(error instanceof ApiError) ||
    error.code !== 'VALIDATION_FAILED' ||
    !Array.isArray(error.details)
  )
    return {}
  const out: Record<string, string> = {}
  for (const d of error.details as unknown[]) {
    if (!d || typeof d !== 'object') continue
    const { field, message } = d as { field?: unknown; message?: unknown }
    if (typeof field !== 'string' || typeof message !== 'string') continue
    const key = prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field
    out[key] = out[key] ? `${out[key]}; ${message}` : message
  }
  return out
}
