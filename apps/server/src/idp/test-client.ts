import { createHash, randomBytes } from 'node:crypto'

/** A free TCP port on 127.0.0.1, so the config's PUBLIC_URL can name it before the app listens. */
export { freePort } from '../test/spawn-server.js'

/** PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/**
 * A browser stand-in: fetch without following redirects, with a cookie jar that keeps name →
 * value (paths and domains ignored; one host per test) and honours deletions. Each one comes
 * from its own client address (X-Forwarded-For, which the app trusts), as real visitors do.
 */
export class Browser {
  readonly cookies = new Map<string, string>()

  constructor(
    readonly origin: string,
    readonly ip = `10.${randomBytes(3).join('.')}`,
  ) {}

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.origin}${path}`
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...init.headers }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    }
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=')
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now()
        return false
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  /** Follows redirects while they stay on this origin; returns the first foreign or final response. */
  async follow(res: Response, stopAt: (url: URL) => boolean): Promise<{ res: Response; url: URL }> {
    let current = res
    let url = new URL(current.url)
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location')
      if (current.status < 300 || current.status >= 400 || !location) return { res: current, url }
      url = new URL(location, url)
      if (stopAt(url)) return { res: current, url }
      current = await this.request(url.toString())
    }
    throw new Error('too many redirects')
  }
}

/** The value of a hidden or text input in an HTML form. */
export function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)
  return match?.[1]
}
