import { findControlCharacters } from '@che/core'
import { badRequest } from '../errors.js'

/**
 * The one check every client-sent text goes through before validation: JSON bodies, query
 * strings and path parameters (plugins/contract.ts) and multipart fields (plugins/multipart.ts).
 * NUL and the other control characters (core CONTROL_CHARACTERS) are refused with 400
 * VALIDATION_FAILED naming each field, so they never reach a service or the database.
 */
export function assertNoControlCharacters(
  inputs: { part: 'body' | 'query' | 'params'; value: unknown }[],
): void {
  // Fields are named as the schemas' errors name them: the path inside the body, query or params.
  const details = inputs.flatMap(({ value }) => findControlCharacters(value))
  if (details.length > 0) {
    throw badRequest('Some fields contain control characters that are not allowed', details)
  }
}
