import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeProfile, renderWithProviders, signedIn } from '../../test-utils'
import { ManagePage } from './manage-page'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'

const EDITOR_ID = '00000000-0000-4000-8000-0000000000e1'
const OTHER_EDITOR_ID = '00000000-0000-4000-8000-0000000000e2'
const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1'
const ID = (n: number) => `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`

const editorProfile = makeProfile({ id: EDITOR_ID, name: 'Ernesto', role: 'editor', editor: true })
const adminProfile = makeProfile({ id: ADMIN_ID, name: 'Ana', role: 'admin', editor: true })

function report(n: number, text: string, assigned: Record<string, unknown> | null) {
  return {
    idiomId: ID(n),
    text,
    tone: 'Casual',
    usage: 8,
    assigned: assigned && {
      sync: 1,
      source: 'Ernesto',
      transcription: `Hoy ${text.toLowerCase()}.`,
      conjugatedSnippet: text.toLowerCase(),
      audio: null,
      state: 'assigned',
      ...assigned,
    },
  }
}

const REPORTS = [
  report(1, 'Estar al horno', {
    state: 'published',
    sync: 1,
    audio: { url: '/api/audio/r1.webm?sig=x', publicUrl: '/p/r1' },
  }),
  report(2, 'Ni a palos', {}),
  report(3, 'Tirar la chancleta', {
    state: 'fulfilled',
    sync: 2,
    source: 'Marta',
    audio: { url: '/api/audio/r3.ogg?sig=y', publicUrl: '/p/r3' },
  }),
  report(4, 'Hacer la gamba', null),
]
const EDITORS = [
  { userId: EDITOR_ID, name: 'Ernesto', email: 'e@x.test' },
  { userId: OTHER_EDITOR_ID, name: 'Marta', email: 'm@x.test' },
]

configureApiClientForEachTest({ token: null })

function renderAs(profile: typeof editorProfile) {
  return renderWithProviders(<ManagePage />, { auth: signedIn(), profile })
}

/** Choose an option of a Mantine Select: its own listbox (every Select keeps one in the page). */
async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, name: string) {
  await user.click(combobox)
  await waitFor(() => expect(combobox).toHaveAttribute('aria-controls'))
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!
  await user.click(within(listbox).getByRole('option', { name, hidden: true }))
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown

describe('ManagePage', { timeout: 20_000 }, () => {
  it("lists an editor's assignments with their state, version and recording, and no editor filter", async () => {
    const fetch = stubFetch({
      'POST /api/editor/assignmentreports': () =>
        json(REPORTS.filter((r) => r.assigned?.source === 'Ernesto')),
    })
    renderAs(editorProfile)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    await screen.findByRole('heading', { name: 'Ni a palos' })
    expect(screen.getByRole('heading', { level: 1, name: 'Assigned Idioms' })).toBeInTheDocument()

    const items = within(screen.getByRole('list', { name: 'Assigned idioms' })).getAllByRole(
      'listitem',
    )
    // To do first: the assigned one, then the published one.
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Ni a palos',
      'Estar al horno',
    ])
    expect(within(items[0]!).getByText('Assigned · v1').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'assigned',
    )
    expect(within(items[0]!).getByText('No recording yet.')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Published · v1').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'published',
    )
    const audio = within(items[1]!).getByLabelText('Recording of Estar al horno')
    expect(audio).toHaveAttribute('src', '/api/audio/r1.webm?sig=x')
    expect(audio.getAttribute('controlslist')).toBe('nodownload')
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull()
    expect(within(items[0]!).getByText('Casual')).toBeInTheDocument()
    expect(within(items[0]!).getByText('Usage 8')).toBeInTheDocument()

    expect(screen.queryByRole('combobox', { name: 'Editor' })).toBeNull()
    expect(callsTo(fetch, 'GET /api/editors')).toHaveLength(0)
    expect(bodyOf(callsTo(fetch, 'POST /api/editor/assignmentreports')[0])).toEqual({})
  })

  it('filters the assigned idioms by tone and usage band (spec §2)', async () => {
    const user = userEvent.setup()
    stubFetch({
      'POST /api/editor/assignmentreports': () =>
        json([
          report(5, 'Ser un bacán', {}),
          { ...report(6, 'Tomar el té', {}), tone: 'Street', usage: 9 },
          { ...report(7, 'Mandar fruta', {}), tone: 'Street', usage: 3 },
        ]),
    })
    renderAs(editorProfile)
    await screen.findByRole('heading', { name: 'Ser un bacán' })
    const titles = () =>
      within(screen.getByRole('list', { name: 'Assigned idioms' }))
        .getAllByRole('heading')
        .map((h) => h.textContent)
    await pick(user, screen.getByRole('combobox', { name: 'Tone' }), 'Street')
    await waitFor(() => expect(titles()).toEqual(['Mandar fruta', 'Tomar el té']))
    await pick(user, screen.getByRole('combobox', { name: 'Usage' }), 'Super common (8–10)')
    await waitFor(() => expect(titles()).toEqual(['Tomar el té']))
    await pick(user, screen.getByRole('combobox', { name: 'Tone' }), 'Official')
    expect(await screen.findByText('No idioms match these filters.')).toBeInTheDocument()
  })

  it('shows red error text when the list cannot be fetched', async () => {
    stubFetch({
      'POST /api/editor/assignmentreports': () =>
        json({ code: 'INTERNAL', message: 'Database down' }, 500),
    })
    renderAs(editorProfile)
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down')
  })

  it('says so when nothing is assigned yet', async () => {
    stubFetch({ 'POST /api/editor/assignmentreports': () => json([]) })
    renderAs(editorProfile)
    expect(await screen.findByText('No idioms are assigned to you yet.')).toBeInTheDocument()
  })

  it('gives an admin every assignment, the editor column, the download control and an editor filter', async () => {
    const user = userEvent.setup()
    const fetch = stubFetch({
      'POST /api/editor/assignmentreports': (_url, init) => {
        const body = bodyOf(init) as { editor?: string }
        return json(body.editor === OTHER_EDITOR_ID ? [REPORTS[2]] : REPORTS)
      },
      'GET /api/editors': () => json(EDITORS),
    })
    renderAs(adminProfile)
    await screen.findByRole('heading', { name: 'Tirar la chancleta' })
    // Unassigned idioms are for Manage Assignments, not this list.
    expect(screen.queryByRole('heading', { name: 'Hacer la gamba' })).toBeNull()
    expect(screen.getByText('Fulfilled · v2').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'fulfilled',
    )
    expect(
      within(screen.getByRole('list', { name: 'Assigned idioms' })).getByText('Marta'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(2)

    const filter = screen.getByRole('combobox', { name: 'Editor' })
    await waitFor(() => expect(callsTo(fetch, 'GET /api/editors')).toHaveLength(1))
    // Two people may share a name: the picker shows each editor's e-mail address.
    await pick(user, filter, 'Marta (m@x.test)')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ni a palos' })).toBeNull())
    expect(screen.getByRole('heading', { name: 'Tirar la chancleta' })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, 'POST /api/editor/assignmentreports').at(-1))).toEqual({
      editor: OTHER_EDITOR_ID,
    })
  })
})

// Each test types a transcription or snippet key by key into the modal's controlled form (every key
// re-renders it, recorder and player included): 8-14 s at load 5-10, past 20 s with three test runs
// side by side on the shared 2-core machine (measured).
describe('AssignmentEditModal', { timeout: 40_000 }, () => {
  it('shows an editor no snippet field and saves transcription, own voice and an uploaded file as multipart', async () => {
    const user = userEvent.setup()
    let saved = false
    const fetch = stubFetch({
      'POST /api/editor/assignmentreports': () =>
        json(
          saved
            ? [
                report(2, 'Ni a palos', {
                  state: 'fulfilled',
                  audio: { url: '/api/audio/new.wav', publicUrl: '' },
                }),
              ]
            : [REPORTS[1]],
        ),
      'POST /api/editor/fulfill': () => {
        saved = true
        return json(
          report(2, 'Ni a palos', {
            state: 'fulfilled',
            audio: { url: '/api/audio/new.wav', publicUrl: '' },
          }),
        )
      },
    })
    renderAs(editorProfile)
    await user.click(await screen.findByRole('button', { name: 'Edit Ni a palos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit assignment' })
    expect(within(dialog).queryByRole('textbox', { name: 'Conjugated snippet' })).toBeNull()
    expect(within(dialog).queryByRole('combobox', { name: /Voice/ })).toBeNull()
    const transcription = within(dialog).getByRole('textbox', { name: /Transcription/ })
    expect(transcription).toHaveValue('Hoy ni a palos.')
    expect(transcription).toHaveAccessibleDescription(/Keep the idiom as “ni a palos”/)

    // Without a take there is nothing to save.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      within(dialog).getByText('Record the sentence first, or upload a file.'),
    ).toBeInTheDocument()
    expect(callsTo(fetch, 'POST /api/editor/fulfill')).toHaveLength(0)

    // The contract's required message and length limit show under the transcription.
    await user.clear(transcription)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(transcription).toHaveAccessibleDescription(
      expect.stringContaining('Transcription is required'),
    )
    await user.click(transcription)
    await user.paste('x'.repeat(1_001))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(transcription).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=1000 characters'),
    )
    expect(callsTo(fetch, 'POST /api/editor/fulfill')).toHaveLength(0)

    await user.clear(transcription)
    await user.type(transcription, 'Ni a palos voy a ir.')
    await user.click(within(dialog).getByRole('tab', { name: 'Upload a file' }))
    const file = new File(['RIFF....WAVE'], 'take.wav', { type: 'audio/wav' })
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [init] = callsTo(fetch, 'POST /api/editor/fulfill')
    const form = init?.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('idiomId')).toBe(ID(2))
    expect(form.get('transcription')).toBe('Ni a palos voy a ir.')
    expect(form.get('editor')).toBe(EDITOR_ID)
    expect(form.has('conjugatedSnippet')).toBe(false)
    const sent = form.get('file') as File
    expect(sent.name).toBe('take.wav')
    expect(await sent.text()).toBe('RIFF....WAVE')

    // The list refreshes.
    expect(await screen.findByText('Fulfilled · v1')).toBeInTheDocument()
    expect(screen.getByText(/Saved “Ni a palos”/)).toBeInTheDocument()
    expect(callsTo(fetch, 'POST /api/editor/assignmentreports')).toHaveLength(2)
  }, 20_000)

  it("gives an admin the snippet and voice fields and sends them; the current recording stays when there's no new take", async () => {
    const user = userEvent.setup()
    const fetch = stubFetch({
      'POST /api/editor/assignmentreports': () => json(REPORTS),
      'GET /api/editors': () => json(EDITORS),
      'POST /api/editor/fulfill': () => json(REPORTS[2]),
    })
    renderAs(adminProfile)
    await user.click(await screen.findByRole('button', { name: 'Edit Tirar la chancleta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit assignment' })
    const snippet = within(dialog).getByRole('textbox', { name: 'Conjugated snippet' })
    expect(snippet).toHaveValue('tirar la chancleta')
    // The voice defaults to the assigned editor.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Voice/ })).toHaveValue(
        'Marta (m@x.test)',
      ),
    )
    expect(
      within(dialog).getByLabelText('Current recording of Tirar la chancleta'),
    ).toHaveAttribute('src', '/api/audio/r3.ogg?sig=y')

    await user.clear(snippet)
    await user.type(snippet, 'colgar los botines')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      within(dialog).getByText(/The snippet must appear in the transcription/),
    ).toBeInTheDocument()

    await user.clear(snippet)
    await user.type(snippet, 'la chancleta')
    await pick(user, within(dialog).getByRole('combobox', { name: /Voice/ }), 'Ernesto (e@x.test)')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(callsTo(fetch, 'POST /api/editor/fulfill')).toHaveLength(1))
    const form = callsTo(fetch, 'POST /api/editor/fulfill')[0]?.body as FormData
    expect(Object.fromEntries([...form.entries()])).toEqual({
      idiomId: ID(3),
      transcription: 'Hoy tirar la chancleta.',
      conjugatedSnippet: 'la chancleta',
      editor: EDITOR_ID,
    })
  })

  it.each([
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'The file is not audio', /That file is not audio/],
    [
      'PAYLOAD_TOO_LARGE',
      413,
      'The file is larger than the 10 MB upload limit',
      /too large \(The file is larger than the 10 MB upload limit\)\. Record a shorter take/,
    ],
  ])('explains a %s answer in plain words', async (code, status, message, shown) => {
    const user = userEvent.setup()
    stubFetch({
      'POST /api/editor/assignmentreports': () => json([REPORTS[1]]),
      'POST /api/editor/fulfill': () => json({ code, message }, status),
    })
    renderAs(editorProfile)
    await user.click(await screen.findByRole('button', { name: 'Edit Ni a palos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit assignment' })
    await user.click(within(dialog).getByRole('tab', { name: 'Upload a file' }))
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'notes.txt', { type: 'audio/wav' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown)
    expect(screen.getByRole('dialog', { name: 'Edit assignment' })).toBeInTheDocument()
  })
})
