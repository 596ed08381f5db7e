import { IS_AUTHENTICATED_COOKIE, IS_AUTHENTICATED_COOKIE_DAYS } from '@che/core/plain'

/** The is-authenticated cookie says a silent session check is worth trying at start (spec §4). */
export function hasSessionCookie(doc: Document = document): boolean {
  return doc.cookie.split(';').some((part) => part.trim().startsWith(`${IS_AUTHENTICATED_COOKIE}=`))
}

export function setSessionCookie(doc: Document = document): void {
  const maxAge = IS_AUTHENTICATED_COOKIE_DAYS * 24 * 60 * 60
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie = `${IS_AUTHENTICATED_COOKIE}=true; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`
}

export function clearSessionCookie(doc: Document = document): void {
  doc.cookie = `${IS_AUTHENTICATED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
}
