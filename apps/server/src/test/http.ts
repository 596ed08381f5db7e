import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ContentFile } from '@che/core'
import { bearer } from './support.js'

/** `app` listening on a free port of 127.0.0.1; its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** A JSON call over real HTTP to the server at `base()` (read on each call), as a bearer of `token`. */
export function jsonCaller(base: () => string) {
  return async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: {
        ...bearer(token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }
}

/** A content folder `<root>/<name>` whose library is `file` (idioms/part-1.json). */
export async function writeContentDir(
  root: string,
  name: string,
  file: ContentFile,
): Promise<string> {
  const dir = join(root, name)
  await mkdir(join(dir, 'idioms'), { recursive: true })
  await writeFile(join(dir, 'idioms', 'part-1.json'), JSON.stringify(file))
  return dir
}
