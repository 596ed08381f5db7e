import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface PeerRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export interface HttpPeer {
  /** http://127.0.0.1:<port> */
  url: string
  /** Every request received, in order. */
  requests: PeerRequest[]
  close(): Promise<void>
}

/** JSON to send, or raw bytes with their content type (audio, an HTML error page…). */
export type PeerAnswer =
  | { status: number; json: unknown }
  | { status: number; bytes: Buffer; contentType: string }

/**
 * A real HTTP server on 127.0.0.1 and a free port, standing in for a third-party API in tests.
 * `answer` gets each request with its JSON body parsed and returns the status and JSON (or
 * bytes) to send.
 */
export async function startHttpPeer(
  answer: (req: PeerRequest) => PeerAnswer | Promise<PeerAnswer>,
): Promise<HttpPeer> {
  const requests: PeerRequest[] = []
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body: unknown = raw
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      // keep the raw text: the test will see it was not JSON
    }
    const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
    requests.push(request)
    const reply = await answer(request)
    if ('bytes' in reply) {
      res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.bytes)
    } else {
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.json))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
