import { baseUrl } from './browser.js'

/**
 * Call the API as a signed-in user (Bearer token) and parse the JSON reply; a reply that is not
 * 2xx throws with its status and body, so a failing step says what the server answered.
 */
export async function api<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(baseUrl() + path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`)
  return JSON.parse(text) as T
}
