import type { MouseEvent } from 'react'

/** The id of the page's main region (AppShell.Main), the skip link's target. */
export const MAIN_ID = 'main-content'
export const SKIP_TO_CONTENT = 'Skip to content'

/**
 * The first stop of the Tab order on every page (public, learner, editor, admin): a keyboard or
 * switch user goes past the header and its menu to the page itself in one keystroke (WCAG 2.4.1).
 * Hidden until it has the focus (global.css `.skip-link`). Activating it moves the focus to the
 * main region, so the next Tab is the page's first control; the address keeps no `#main-content`
 * (the router would see a new location), and the region is focusable only while it has the focus
 * (a click on its text must not move the focus there).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID)
    if (!main) return
    event.preventDefault()
    main.setAttribute('tabindex', '-1')
    main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true })
    main.focus()
    main.scrollIntoView?.({ block: 'start' })
  }
  return (
    <a href={`#${MAIN_ID}`} className="skip-link" onClick={skip}>
      {SKIP_TO_CONTENT}
    </a>
  )
}
