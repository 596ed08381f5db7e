import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { AssignmentsPage } from './assignments-page'

const ERNESTO = '00000000-0000-4000-8000-0000000000e1'
const MARTA = '00000000-0000-4000-8000-0000000000e2'
const ID = (n: number) => `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`
const EDITORS = [
  { userId: ERNESTO, name: 'Ernesto', email: 'e@x.test' },
  { userId: MARTA, name: 'Marta', email: 'm@x.test' },
]

type State = 'assigned' | 'fulfilled' | 'published'
function report(
  n: number,
  text: string,
  assigned?: { state: State; sync?: number; source?: string; audio?: boolean },
  toneUsage: { tone: string; usage: number } = { tone: 'Casual', usage: 8 },
) {
  return {
    idiomId: ID(n),
    text,
    ...toneUsage,
    assigned: assigned
      ? {
          sync: assigned.sync ?? 1,
          source: assigned.source ?? 'Ernesto',
          transcription: `Hoy ${text.toLowerCase()}.`,
          conjugatedSnippet: text.toLowerCase(),
          audio: assigned.audio
            ? { url: `/api/audio/recordings/${n}.webm?sig=s`, publicUrl: '' }
            : null,
          state: assigned.state,
        }
      : null,
  }
}

let reports: ReturnType<typeof report>[]

configureApiClientForEachTest({ token: null })
beforeEach(() => {
  reports = [
    report(1, 'Estar al horno', { state: 'published', audio: true }),
    report(2, 'Ni a palos', { state: 'assigned', source: 'Marta' }),
    report(3, 'Tirar la chancleta', { state: 'fulfilled', sync: 2, audio: true }),
    report(4, 'Hacer la gamba'),
  ]
})

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body)) as Record<string, unknown>

function stubServer(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'POST /api/editor/assignmentreports': (_url, init) => {
      const { editor } = bodyOf(init)
      const name = EDITORS.find((e) => e.userId === editor)?.name
      return json(name ? reports.filter((r) => r.assigned?.source === name) : reports)
    },
    'GET /api/editors': () => json(EDITORS),
    ...extra,
  })
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  combobox: HTMLElement,
  name: string | RegExp,
) {
  await user.click(combobox)
  await waitFor(() => expect(combobox).toHaveAttribute('aria-controls'))
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!
  await user.click(within(listbox).getByRole('option', { name, hidden: true }))
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Assignments' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('AssignmentsPage', { timeout: 20_000 }, () => {
  it('lists assignable and assigned idioms, to-publish first, with state, version and source', async () => {
    stubServer()
    renderWithProviders(<AssignmentsPage />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    await screen.findByRole('table', { name: 'Assignments' })
    expect(rowTexts()).toEqual([
      'Tirar la chancleta',
      'Ni a palos',
      'Estar al horno',
      'Hacer la gamba',
    ])
    const row = (name: string) => screen.getByRole('cell', { name }).closest('tr')!
    expect(within(row('Tirar la chancleta')).getByText('Fulfilled · v2')).toBeInTheDocument()
    expect(
      within(row('Tirar la chancleta')).getByRole('cell', { name: 'Ernesto' }),
    ).toBeInTheDocument()
    expect(within(row('Ni a palos')).getByText('Assigned · v1')).toBeInTheDocument()
    expect(within(row('Ni a palos')).getByRole('cell', { name: 'Marta' })).toBeInTheDocument()
    expect(within(row('Hacer la gamba')).getByText('Unassigned')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Source' })).toBeInTheDocument()
    // Publish only for the fulfilled one; assign or reassign for all.
    expect(
      screen.getAllByRole('button', { name: /^Publish / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Publish Tirar la chancleta'])
    expect(screen.getByRole('button', { name: 'Assign Hacer la gamba' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reassign Ni a palos' })).toBeInTheDocument()
    expect(screen.getByText('4 idioms · 1 waiting to be published')).toBeInTheDocument()
  })

  it('filters by tone and usage band (spec §2)', async () => {
    reports.push(
      report(5, 'Ser un bacán', undefined, { tone: 'Street', usage: 3 }),
      report(6, 'Tomar el té', undefined, { tone: 'Street', usage: 9 }),
    )
    const user = userEvent.setup()
    stubServer()
    renderWithProviders(<AssignmentsPage />)
    await screen.findByRole('table', { name: 'Assignments' })
    await pick(user, screen.getByRole('combobox', { name: 'Tone' }), 'Street')
    await waitFor(() => expect(rowTexts()).toEqual(['Ser un bacán', 'Tomar el té']))
    await pick(user, screen.getByRole('combobox', { name: 'Usage' }), 'Uncommon (3–4)')
    await waitFor(() => expect(rowTexts()).toEqual(['Ser un bacán']))
    expect(screen.getByRole('status')).toHaveTextContent('1 of 6 idioms match')
  })

  it('filters by state and text on the page, and by editor on the server', async () => {
    const user = userEvent.setup()
    const fetch = stubServer()
    renderWithProviders(<AssignmentsPage />)
    await screen.findByRole('table', { name: 'Assignments' })

    await pick(user, screen.getByRole('combobox', { name: 'State' }), 'Unassigned')
    expect(rowTexts()).toEqual(['Hacer la gamba'])
    await pick(user, screen.getByRole('combobox', { name: 'State' }), 'All')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'CHANCLETA')
    await waitFor(() => expect(rowTexts()).toEqual(['Tirar la chancleta']))
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))

    await waitFor(() => expect(callsTo(fetch, 'GET /api/editors')).toHaveLength(1))
    // Two people may share a name: the picker shows each editor's e-mail address.
    await pick(user, screen.getByRole('combobox', { name: 'Editor' }), 'Marta (m@x.test)')
    await waitFor(() => expect(rowTexts()).toEqual(['Ni a palos']))
    expect(bodyOf(callsTo(fetch, 'POST /api/editor/assignmentreports').at(-1))).toEqual({
      editor: MARTA,
    })
  })

  it('assigns an idiom to an editor chosen from GET /api/editors, and the list updates', async () => {
    const user = userEvent.setup()
    const fetch = stubServer({
      'POST /api/editor/assign': (_url, init) => {
        const { idiomId, source } = bodyOf(init)
        const name = EDITORS.find((e) => e.userId === source)!.name
        const updated = report(4, 'Hacer la gamba', { state: 'assigned', source: name })
        reports = reports.map((r) => (r.idiomId === idiomId ? updated : r))
        return json(updated)
      },
    })
    renderWithProviders(<AssignmentsPage />)
    await user.click(await screen.findByRole('button', { name: 'Assign Hacer la gamba' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign idiom' })
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }))
    expect(within(dialog).getByText('Choose an editor')).toBeInTheDocument()
    expect(callsTo(fetch, 'POST /api/editor/assign')).toHaveLength(0)

    await pick(user, within(dialog).getByRole('combobox', { name: /Editor/ }), /^Ernesto/)
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodyOf(callsTo(fetch, 'POST /api/editor/assign')[0])).toEqual({
      idiomId: ID(4),
      source: ERNESTO,
    })
    expect(await screen.findByText('Assigned “Hacer la gamba” to Ernesto.')).toBeInTheDocument()
    const row = screen.getByRole('cell', { name: 'Hacer la gamba' }).closest('tr')!
    await waitFor(() => expect(within(row).getByText('Assigned · v1')).toBeInTheDocument())
    expect(within(row).getByRole('cell', { name: 'Ernesto' })).toBeInTheDocument()
  })

  it('lets the admin listen to the pending take and publish it after confirming', async () => {
    const user = userEvent.setup()
    const fetch = stubServer({
      'POST /api/editor/publish': (_url, init) => {
        const updated = report(3, 'Tirar la chancleta', {
          state: 'published',
          sync: 2,
          audio: true,
        })
        reports = reports.map((r) => (r.idiomId === bodyOf(init).idiomId ? updated : r))
        return json(updated)
      },
    })
    renderWithProviders(<AssignmentsPage />)

    await user.click(
      await screen.findByRole('button', { name: 'Listen to the recording of Tirar la chancleta' }),
    )
    const player = screen.getByLabelText('Recording of Tirar la chancleta')
    expect(player).toHaveAttribute('src', '/api/audio/recordings/3.webm?sig=s')
    expect(player.hasAttribute('controlslist')).toBe(false)
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/audio/recordings/3.webm?sig=s',
    )

    await user.click(screen.getByRole('button', { name: 'Publish Tirar la chancleta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish recording' })
    expect(
      within(dialog).getByLabelText('Pending recording of Tirar la chancleta'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Download' })).toBeInTheDocument()
    expect(within(dialog).getByText(/Publish version 2\?/)).toBeInTheDocument()
    expect(callsTo(fetch, 'POST /api/editor/publish')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Publish v2' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodyOf(callsTo(fetch, 'POST /api/editor/publish')[0])).toEqual({
      idiomId: ID(3),
      assign: 2,
    })
    expect(await screen.findByText(/Published “Tirar la chancleta” \(v2\)/)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Publish Tirar la chancleta' })).toBeNull(),
    )
    const row = screen.getByRole('cell', { name: 'Tirar la chancleta' }).closest('tr')!
    expect(within(row).getByText('Published · v2')).toBeInTheDocument()
  })

  it("shows the server's reason when publishing fails, and keeps the dialog open", async () => {
    const user = userEvent.setup()
    stubServer({
      'POST /api/editor/publish': () =>
        json({ code: 'CONFLICT', message: 'Version 2 is not the one waiting: version 3 is' }, 409),
    })
    renderWithProviders(<AssignmentsPage />)
    await user.click(await screen.findByRole('button', { name: 'Publish Tirar la chancleta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish recording' })
    await user.click(within(dialog).getByRole('button', { name: 'Publish v2' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Version 2 is not the one waiting: version 3 is',
    )
  })

  it('shows red error text when the list cannot be fetched', async () => {
    stubFetch({
      'POST /api/editor/assignmentreports': () =>
        json({ code: 'FORBIDDEN', message: 'Admins only' }, 403),
      'GET /api/editors': () => json(EDITORS),
    })
    renderWithProviders(<AssignmentsPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only')
  })
})
