import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

const PRODUCT = 'Che Idioms'
/** How long to wait for a page (lazy, or loading its data) to show its heading. */
const WAIT_MS = 3_000
const STEP_MS = 100

/**
 * On every page of the app: the tab's title names the page after its heading ("Calendar · Che
 * Idioms"), so a screen reader, the history and the tab strip say where one is. After an in-app
 * navigation, focus goes to that heading when the page did not put it somewhere itself (an
 * autofocused Continue button stays focused): the old page's link that had focus is gone, and
 * focus would otherwise fall back to the document (decision 052).
 */
export function PageFocus() {
  const { pathname } = useLocation()
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new page (path)
  useEffect(() => {
    const initial = first.current
    first.current = false
    let waited = 0
    let timer: number | undefined
    const settle = () => {
      const main = document.querySelector('main')
      const heading = main?.querySelector('h1')
      if (!main || !heading) {
        waited += STEP_MS
        if (waited < WAIT_MS) timer = window.setTimeout(settle, STEP_MS)
        return
      }
      const name = heading.textContent?.trim()
      document.title = name && name !== PRODUCT ? `${name} · ${PRODUCT}` : PRODUCT
      if (initial) return
      const active = document.activeElement
      if (active && active !== document.body && main.contains(active)) return
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      // global.css: no focus ring on a heading focused this way.
      heading.setAttribute('data-page-focus', '')
      heading.focus()
    }
    settle()
    return () => window.clearTimeout(timer)
  }, [pathname])
  return null
}
