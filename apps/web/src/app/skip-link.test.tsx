import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MAIN_ID, SKIP_TO_CONTENT, SkipLink } from './skip-link'

/** The shell's order: the skip link, a header with its own controls, then the main region. */
function Page() {
  return (
    <>
      <SkipLink />
      <header>
        <a href="/">Che Idioms home</a>
        <button type="button">Menu</button>
      </header>
      <main id={MAIN_ID}>
        <h1>Dashboard</h1>
        <p>Your calendar is empty.</p>
        <a href="/app/exercise">Start Exercise</a>
      </main>
    </>
  )
}

describe('SkipLink', () => {
  it('is the first Tab stop and takes the keyboard past the header to the page', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.tab()
    const skip = screen.getByRole('link', { name: SKIP_TO_CONTENT })
    expect(skip).toHaveFocus()
    expect(skip).toHaveAttribute('href', `#${MAIN_ID}`)

    await user.keyboard('{Enter}')
    const main = screen.getByRole('main')
    expect(main).toHaveFocus()
    // The next Tab is the page's first control, not the header's.
    await user.tab()
    expect(screen.getByRole('link', { name: 'Start Exercise' })).toHaveFocus()
    // Focusable only while it has the focus: a click on the page's text does not land there.
    expect(main).not.toHaveAttribute('tabindex')
    // The address is left alone (no #main-content for the router to see).
    expect(window.location.hash).toBe('')
  })

  it('works again after the focus has left the main region', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.tab()
    await user.keyboard('{Enter}')
    await user.tab()
    // Back through the header (Menu, home) to the skip link.
    for (let i = 0; i < 3; i++) await user.tab({ shift: true })
    expect(screen.getByRole('link', { name: SKIP_TO_CONTENT })).toHaveFocus()
    await user.click(screen.getByRole('link', { name: SKIP_TO_CONTENT }))
    expect(screen.getByRole('main')).toHaveFocus()
  })
})
