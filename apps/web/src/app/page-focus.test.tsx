import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PageFocus } from './page-focus'

function Layout() {
  return (
    <>
      <PageFocus />
      <header>
        <Link to="/app/calendar">Calendar link in the header</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  )
}

const routes = [
  {
    element: <Layout />,
    children: [
      {
        path: '/app/dashboard',
        element: (
          <>
            <h1>Dashboard</h1>
            <Link to="/app/calendar">Open the calendar</Link>
            <Link to="/app/exercise">Start Exercise</Link>
          </>
        ),
      },
      { path: '/app/calendar', element: <h1>Calendar</h1> },
      {
        path: '/app/exercise',
        element: (
          <>
            <h1>Exercise</h1>
            {/* biome-ignore lint/a11y/noAutofocus: the page's own focus, which PageFocus keeps */}
            <button type="button" autoFocus>
              Continue
            </button>
          </>
        ),
      },
    ],
  },
]

describe('PageFocus', () => {
  it('names the tab after the page and focuses its heading after an in-app navigation', async () => {
    const user = userEvent.setup()
    const router = createMemoryRouter(routes, { initialEntries: ['/app/dashboard'] })
    render(<RouterProvider router={router} />)
    await waitFor(() => expect(document.title).toBe('Dashboard · Che Idioms'))
    // The first page load leaves focus where the browser puts it.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).not.toHaveFocus()

    await user.click(screen.getByRole('link', { name: 'Open the calendar' }))
    const calendar = await screen.findByRole('heading', { name: 'Calendar' })
    await waitFor(() => expect(calendar).toHaveFocus())
    expect(document.title).toBe('Calendar · Che Idioms')
  })

  it('leaves focus where the new page put it', async () => {
    const user = userEvent.setup()
    const router = createMemoryRouter(routes, { initialEntries: ['/app/dashboard'] })
    render(<RouterProvider router={router} />)
    await user.click(await screen.findByRole('link', { name: 'Start Exercise' }))
    await waitFor(() => expect(document.title).toBe('Exercise · Che Idioms'))
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus()
  })
})
