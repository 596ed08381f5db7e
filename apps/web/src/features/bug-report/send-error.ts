import { ApiError, errorMessage } from '../../lib/api-client'

/** The server's message, with the field messages of a VALIDATION_FAILED answer. */
export function sendError(error: unknown, fallback: string): string {
  const message = errorMessage(error, fallback)
  if (
    !(error instanceof ApiError) ||
    error.code !== 'VALIDATION_FAILED' ||
    !Array.isArray(error.details)
  )
    return message
  const fields = (error.details as unknown[])
    .map((d) => (d && typeof d === 'object' ? (d as { field?: unknown; message?: unknown }) : {}))
    .filter(
      (d): d is { field: string; message: string } =>
        typeof d.field === 'string' && typeof d.message === 'string',
    )
    .map((d) => `${d.field}: ${d.message}`)
  return fields.length ? `${message} (${fields.join('; ')})` : message
}
