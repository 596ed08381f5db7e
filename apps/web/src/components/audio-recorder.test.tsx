import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test-utils'
import {
  AudioRecorder,
  extensionFor,
  formatSeconds,
  levelFrom,
  MIC_ERROR,
  RECORDING_UNSUPPORTED,
} from './audio-recorder'

function stubMediaDevices(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined,
  })
}

function fakeStream() {
  const track = { stop: vi.fn(), kind: 'audio' }
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track }
}

/** A stand-in for the browser's MediaRecorder (jsdom has none): start, then stop emits one chunk. */
class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = []
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus'
  state: 'inactive' | 'recording' = 'inactive'
  mimeType: string
  ondataavailable: ((e: { data: Blob }) => void) | null = null
  onstop: (() => void) | null = null
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? ''
    FakeMediaRecorder.instances.push(this)
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    this.ondataavailable?.({ data: new Blob(['OggS-fake-bytes'], { type: this.mimeType }) })
    this.onstop?.()
  }
}

/** jsdom has no blob: URLs. */
function stubObjectUrls() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:take-1'), revokeObjectURL: vi.fn() })
}

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
  vi.unstubAllGlobals()
  stubMediaDevices(undefined)
  FakeMediaRecorder.instances = []
})

describe('AudioRecorder', () => {
  it("says 'Microphone access denied or not available.' when the permission is refused", async () => {
    const user = userEvent.setup()
    stubMediaDevices(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')))
    const onTake = vi.fn()
    renderWithProviders(<AudioRecorder onTake={onTake} />)
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(MIC_ERROR)
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true })
    // Still possible to try again, and nothing was handed over.
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled()
    expect(onTake).not.toHaveBeenCalled()
  })

  it('gives the same message when the browser has no getUserMedia at all', async () => {
    const user = userEvent.setup()
    stubMediaDevices(undefined)
    renderWithProviders(<AudioRecorder onTake={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(screen.getByRole('alert')).toHaveTextContent(MIC_ERROR)
  })

  it('releases the microphone and says so when the browser cannot record', async () => {
    const user = userEvent.setup()
    const { stream, track } = fakeStream()
    stubMediaDevices(() => Promise.resolve(stream))
    vi.stubGlobal('MediaRecorder', undefined)
    renderWithProviders(<AudioRecorder onTake={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(RECORDING_UNSUPPORTED)
    expect(track.stop).toHaveBeenCalled()
  })

  it('records a take, plays it back, hands it over, and releases the microphone', async () => {
    const user = userEvent.setup()
    const { stream, track } = fakeStream()
    stubMediaDevices(() => Promise.resolve(stream))
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
    stubObjectUrls()
    const onTake = vi.fn()
    const onRecordingChange = vi.fn()
    renderWithProviders(<AudioRecorder onTake={onTake} onRecordingChange={onRecordingChange} />)

    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    const stop = await screen.findByRole('button', { name: 'Stop recording' })
    expect(screen.getByText(/Recording… 0:00/)).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Microphone level' })).toBeInTheDocument()
    expect(FakeMediaRecorder.instances[0]?.mimeType).toBe('audio/webm;codecs=opus')
    expect(track.stop).not.toHaveBeenCalled()
    expect(onRecordingChange).toHaveBeenLastCalledWith(true)

    await user.click(stop)
    const take = await screen.findByLabelText('Your take')
    expect(take.tagName).toBe('AUDIO')
    expect(take).toHaveAttribute('src', 'blob:take-1')
    expect(track.stop).toHaveBeenCalled()
    expect(onRecordingChange).toHaveBeenLastCalledWith(false)
    const file = onTake.mock.calls.at(-1)?.[0] as File
    expect(file).toBeInstanceOf(File)
    expect(file.name).toBe('recording.webm')
    expect(file.type).toBe('audio/webm')
    expect(await file.text()).toBe('OggS-fake-bytes')

    // Re-record: the old take is dropped while the new one is being made.
    await user.click(screen.getByRole('button', { name: 'Record again' }))
    await screen.findByRole('button', { name: 'Stop recording' })
    expect(onTake).toHaveBeenLastCalledWith(null)
    expect(screen.queryByLabelText('Your take')).toBeNull()
  })

  it('stops the microphone when it unmounts mid-take (the modal closes)', async () => {
    const user = userEvent.setup()
    const { stream, track } = fakeStream()
    stubMediaDevices(() => Promise.resolve(stream))
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
    stubObjectUrls()
    const onTake = vi.fn()
    const { unmount } = renderWithProviders(<AudioRecorder onTake={onTake} />)
    await user.click(screen.getByRole('button', { name: 'Start recording' }))
    await screen.findByRole('button', { name: 'Stop recording' })
    unmount()
    await waitFor(() => expect(track.stop).toHaveBeenCalled())
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive')
    expect(onTake).not.toHaveBeenCalledWith(expect.any(File))
  })
})

describe('audio-recorder helpers', () => {
  it('names files by their container', () => {
    expect(extensionFor('audio/webm;codecs=opus')).toBe('webm')
    expect(extensionFor('audio/mp4')).toBe('m4a')
    expect(extensionFor('audio/ogg')).toBe('ogg')
    expect(extensionFor('')).toBe('webm')
  })

  it('formats seconds as m:ss', () => {
    expect(formatSeconds(0)).toBe('0:00')
    expect(formatSeconds(65.7)).toBe('1:05')
  })

  it('reads silence as 0 and a loud signal as a full bar', () => {
    expect(levelFrom(new Uint8Array(64).fill(128))).toBe(0)
    expect(levelFrom(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100)
  })
})
