import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeExample } from '../../../test/fixtures'
import { Wrapper } from '../../../test-utils'
import { OfflineExercise } from './offline-exercise'
import type { KeptExercise } from './offline-store'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const AUDIO = {
  url: '/api/audio/tts/x.mp3?exp=1&sig=s',
  voice: 'espeak-ng es-419',
  kind: 'synthetic' as const,
}

describe('OfflineExercise', () => {
  it('never shows the sentence’s text while its kept audio is being read', async () => {
    let release: (r: Response) => void = () => {}
    vi.stubGlobal('caches', {
      open: async () => ({ match: () => new Promise<Response>((r) => (release = r)) }),
    })
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:kept-audio')
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue()
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
    const example = makeExample({ audio: AUDIO, isNew: false })
    const kept: KeptExercise[] = [
      {
        userId: 'u1',
        example,
        dueDate: new Date(Date.now() - 60_000).toISOString(),
        reference: {
          text: example.text,
          conjugatedSnippet: example.conjugatedSnippet,
          translation: example.translation,
          idiom: { text: example.idiom.text, translation: example.idiom.translation },
        },
      },
    ]
    render(
      <Wrapper>
        <OfflineExercise
          userId="u1"
          isAdmin={false}
          kept={kept}
          answers={[]}
          onAnswered={async () => {}}
        />
      </Wrapper>,
    )
    expect(await screen.findByText('Loading exercise...')).toBeInTheDocument()
    expect(screen.queryByText(example.text)).toBeNull()
    release(new Response('ID3', { headers: { 'Content-Type': 'audio/mpeg' } }))
    expect(await screen.findByLabelText('Sentence audio')).toHaveAttribute('src', 'blob:kept-audio')
    expect(screen.queryByText(example.text)).toBeNull()
  })

  it('says when the next kept sentence is due when none is due now', async () => {
    const example = makeExample({ isNew: false })
    const tomorrow = new Date()
    tomorrow.setDate(tomorrow.getDate() + 1)
    tomorrow.setHours(9, 0, 0, 0)
    render(
      <Wrapper>
        <OfflineExercise
          userId="u1"
          isAdmin={false}
          kept={[
            {
              userId: 'u1',
              example,
              dueDate: tomorrow.toISOString(),
              reference: {
                text: example.text,
                conjugatedSnippet: example.conjugatedSnippet,
                translation: example.translation,
                idiom: { text: example.idiom.text, translation: example.idiom.translation },
              },
            },
          ]}
          answers={[]}
          onAnswered={async () => {}}
        />
      </Wrapper>,
    )
    expect(await screen.findByTestId('offline-next-due')).toHaveTextContent(
      /^The next one kept here is due tomorrow \(/,
    )
  })

  it('keeps the answer being typed through a reload', async () => {
    const user = userEvent.setup()
    const example = makeExample({ isNew: false })
    const props = {
      userId: 'u1',
      isAdmin: false,
      kept: [
        {
          userId: 'u1',
          example,
          dueDate: new Date(Date.now() - 60_000).toISOString(),
          reference: {
            text: example.text,
            conjugatedSnippet: example.conjugatedSnippet,
            translation: example.translation,
            idiom: { text: example.idiom.text, translation: example.idiom.translation },
          },
        },
      ],
      answers: [],
      onAnswered: async () => {},
    }
    const first = render(
      <Wrapper>
        <OfflineExercise {...props} />
      </Wrapper>,
    )
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'Ayer me tomé')
    first.unmount()
    render(
      <Wrapper>
        <OfflineExercise {...props} />
      </Wrapper>,
    )
    expect(await screen.findByLabelText('What you heard (Spanish)')).toHaveValue('Ayer me tomé')
    sessionStorage.clear()
  })
})
