import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../test-utils'
import { menuGroups } from './nav-items'
import type { Viewer } from './nav-items'
import { NavMenu } from './nav-menu'

const labels = (viewer: Viewer) =>
  menuGroups(viewer).map((group) => group.map((item) => item.label))

const EVERYONE = ['About', 'Licenses / Credit', 'Help / Support (Chat)', 'Report Bugs']
const ADMIN = [
  'Idioms',
  'Import Idioms (CSV)',
  'Create Idiom',
  'Create Example',
  'Manage Assignments',
  'Settings',
  'Prompts',
  'Reset Caches',
]

describe('menuGroups', () => {
  it('gives signed-out visitors only the pages for everyone', () => {
    expect(labels({ authenticated: false })).toEqual([EVERYONE])
  })

  it('adds Dashboard and Logout for a learner', () => {
    expect(labels({ authenticated: true, role: 'learner' })).toEqual([
      ['Dashboard'],
      EVERYONE,
      ['Logout'],
    ])
  })

  it('adds Upload Audio for an editor', () => {
    expect(labels({ authenticated: true, role: 'editor' })).toEqual([
      ['Dashboard'],
      ['Upload Audio'],
      EVERYONE,
      ['Logout'],
    ])
  })

  it('gives an admin every group', () => {
    expect(labels({ authenticated: true, role: 'admin' })).toEqual([
      ['Dashboard'],
      ['Upload Audio'],
      ADMIN,
      EVERYONE,
      ['Logout'],
    ])
  })

  it('links each item to its route', () => {
    const links = Object.fromEntries(
      menuGroups({ authenticated: true, role: 'admin' })
        .flat()
        .flatMap((item) => (item.kind === 'link' ? [[item.label, item.to]] : [])),
    )
    expect(links).toEqual({
      Dashboard: '/app/dashboard',
      'Upload Audio': '/editor/manage',
      Idioms: '/admin/idioms',
      'Import Idioms (CSV)': '/admin/import',
      'Create Idiom': '/admin/idiom',
      'Create Example': '/admin/example',
      'Manage Assignments': '/admin/audio',
      Settings: '/admin/settings',
      Prompts: '/admin/prompts',
      'Reset Caches': '/admin/resetcache',
      About: '/about',
      'Licenses / Credit': '/license',
      'Help / Support (Chat)': '/chat',
      'Report Bugs': '/app/bugreport',
    })
  })
})

// Mantine opens the menu and the drawer over animation frames and timers, which a loaded machine
// (load 12-20 on 2 cores) delayed past Testing Library's 1 s default; the items still must appear.
const OPENED = { timeout: 5_000 }

function mountMenu(viewer: Viewer, layout: 'dropdown' | 'list', onLogout = vi.fn()) {
  const routes = [
    { path: '/', element: <NavMenu viewer={viewer} layout={layout} onLogout={onLogout} /> },
    { path: '*', element: <p>Moved</p> },
  ]
  return { ...renderRoutes(routes, '/'), onLogout }
}

describe('NavMenu as a dropdown (desktop)', { timeout: 20_000 }, () => {
  it('lists the items of the role with separators between groups', async () => {
    const user = userEvent.setup()
    mountMenu({ authenticated: true, role: 'editor' }, 'dropdown')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await screen.findByRole('menuitem', { name: 'Dashboard' }, OPENED)
    const menu = document.querySelector<HTMLElement>('[role="menu"]')!
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(
      ['Dashboard', 'Upload Audio', ...EVERYONE, 'Logout'],
    )
    expect(menu.querySelectorAll('.mantine-Menu-divider')).toHaveLength(3)
  })

  it('closes after a choice and navigates', async () => {
    const user = userEvent.setup()
    const { router } = mountMenu({ authenticated: false }, 'dropdown')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'About' }, OPENED))
    expect(router.state.location.pathname).toBe('/about')
    await waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull())
  })

  it('calls logout from the Logout item', async () => {
    const user = userEvent.setup()
    const { onLogout } = mountMenu({ authenticated: true, role: 'learner' }, 'dropdown')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }, OPENED))
    expect(onLogout).toHaveBeenCalledTimes(1)
  })
})

describe('NavMenu as a list (mobile)', { timeout: 20_000 }, () => {
  it('shows a plain list of links for an admin, grouped by separators', async () => {
    const user = userEvent.setup()
    mountMenu({ authenticated: true, role: 'admin' }, 'list')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const nav = await screen.findByRole('navigation', { name: 'Navigation' }, OPENED)
    const names = [...within(nav).getAllByRole('link'), ...within(nav).getAllByRole('button')].map(
      (el) => el.textContent,
    )
    expect(names).toEqual(['Dashboard', 'Upload Audio', ...ADMIN, ...EVERYONE, 'Logout'])
    expect(within(nav).getAllByRole('separator')).toHaveLength(4)
  })

  it('closes after a choice', async () => {
    const user = userEvent.setup()
    const { router } = mountMenu({ authenticated: false }, 'list')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await user.click(await screen.findByRole('link', { name: 'Licenses / Credit' }, OPENED))
    expect(router.state.location.pathname).toBe('/license')
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Navigation' })).toBeNull())
  })
})
