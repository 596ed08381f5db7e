import { schemaResolver } from '@mantine/form'
import type { FormErrors } from '@mantine/form'
import type { Endpoint } from '@che/core'
import type { z } from 'zod'
import { ApiError, errorMessage } from './api-client'

/**
 * A Mantine form validator over a contract schema from packages/core: the same limits, required
 * fields and messages as the server, which validates the request with that very schema.
 * Mantine's own Standard Schema resolver does the work (decision 038); an issue inside a list or
 * an object ('meanings.3') is shown under the form field that holds it ('meanings').
 */
export function contractResolver<V>(
  schema: z.ZodType,
  /** Rules the schema cannot state (one field checked against another); they win over it. */
  more: (values: V) => FormErrors = () => ({}),
  /** Lists whose items are form fields of their own: an issue in 'senses.1.3' goes to 'senses.1'. */
  itemFields: readonly string[] = [],
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true })
  return (values) => {
    const out: FormErrors = {}
    for (const [path, message] of Object.entries(resolve(values))) {
      const [head = path, item] = path.split('.')
      const field = item !== undefined && itemFields.includes(head) ? `${head}.${item}` : head
      out[field] ??= message
    }
    for (const [field, message] of Object.entries(more(values))) if (message) out[field] = message
    return out
  }
}

/** The body schema of a contract call, for a form that sends it. */
export function bodySchema<E extends Endpoint>(endpoint: E): NonNullable<E['body']> {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`)
  return endpoint.body as NonNullable<E['body']>
}

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

/**
 * What to say above a form's button when sending failed: nothing when the refusal is about a
 * field (fieldErrorsFrom puts it under that field), else the error's message or `fallback`.
 */
export function errorAboveButton(error: unknown, fallback: string): string | null {
  if (!error || Object.keys(fieldErrorsFrom(error)).length > 0) return null
  return errorMessage(error, fallback)
}
