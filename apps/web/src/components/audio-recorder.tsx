import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

/** The message spec §8 gives when the microphone is refused or missing. */
export const MIC_ERROR = 'Microphone access denied or not available.'
export const RECORDING_UNSUPPORTED = 'This browser cannot record audio. Upload a file instead.'

/** Containers to ask MediaRecorder for, best first (Chromium: WebM/Opus; Safari: MP4/AAC). */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4']

const EXTENSIONS: Record<string, string> = {
  webm: 'webm',
  ogg: 'ogg',
  mp4: 'm4a',
  mpeg: 'mp3',
  wav: 'wav',
}

function pickMimeType(): string | undefined {
  const isSupported = window.MediaRecorder?.isTypeSupported?.bind(window.MediaRecorder)
  if (!isSupported) return undefined
  return MIME_TYPES.find((type) => isSupported(type))
}

/** 'audio/webm;codecs=opus' → 'webm'; unknown types record as .webm (the server reads the bytes). */
export function extensionFor(mimeType: string): string {
  const subtype = mimeType.split(';')[0]?.split('/')[1] ?? ''
  return EXTENSIONS[subtype] ?? 'webm'
}

export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** Loudness 0-100 from time-domain samples (0-255, 128 = silence): RMS, scaled so speech fills the bar. */
export function levelFrom(samples: Uint8Array): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (const v of samples) {
    const x = (v - 128) / 128
    sum += x * x
  }
  const rms = Math.sqrt(sum / samples.length)
  return Math.min(100, Math.round(rms * 300))
}

type Phase = 'idle' | 'requesting' | 'recording' | 'recorded'

export interface AudioRecorderProps {
  /** Called with each finished take, and with null when a take is thrown away (re-record). */
  onTake: (take: File | null) => void
  /** A take stops by itself after this many seconds. */
  maxSeconds?: number
  disabled?: boolean
  /** Told when a take starts and ends, so a form can wait for it before saving. */
  onRecordingChange?: (recording: boolean) => void
}

interface Live {
  stream: MediaStream
  recorder: MediaRecorder
  context: AudioContext | null
  frame: number
  timer: number
}

/**
 * Records a take from the microphone (spec §5: any audio type; recording needs permission): a
 * record/stop button, a live level meter while recording, playback of the take, and re-record.
 * The microphone is released when a take ends and when the recorder unmounts (a modal closes).
 */
export function AudioRecorder({
  onTake,
  maxSeconds = 120,
  disabled,
  onRecordingChange,
}: AudioRecorderProps) {
  const [phase, setPhase] = useState<Phase>('idle')
  const [error, setError] = useState<string | null>(null)
  const [level, setLevel] = useState(0)
  const [elapsed, setElapsed] = useState(0)
  const [take, setTake] = useState<{ url: string; seconds: number } | null>(null)
  const live = useRef<Live | null>(null)
  const mounted = useRef(true)
  const takeUrl = useRef<string | null>(null)
  const onTakeRef = useRef(onTake)
  onTakeRef.current = onTake
  const onRecordingChangeRef = useRef(onRecordingChange)
  onRecordingChangeRef.current = onRecordingChange
  const recording = phase === 'recording'
  useEffect(() => onRecordingChangeRef.current?.(recording), [recording])

  // Keyboard users keep their place: the record button turns into Stop (and Stop into Record
  // again), and it is disabled while the microphone is asked for, which drops focus to the page.
  // The button the learner pressed gets focus back once the new one is there.
  const control = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (phase === 'requesting' || !refocus.current) return
    refocus.current = false
    const active = document.activeElement
    if (!active || active === document.body || active === control.current) control.current?.focus()
  }, [phase])

  function release() {
    const l = live.current
    if (!l) return
    live.current = null
    cancelAnimationFrame(l.frame)
    window.clearInterval(l.timer)
    for (const track of l.stream.getTracks()) track.stop()
    void l.context?.close().catch(() => {})
  }

  function dropTake() {
    if (takeUrl.current) URL.revokeObjectURL(takeUrl.current)
    takeUrl.current = null
    setTake(null)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount and unmount only; release reads refs, not state.
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      const l = live.current
      if (l && l.recorder.state !== 'inactive') {
        l.recorder.onstop = null
        l.recorder.stop()
      }
      release()
      if (takeUrl.current) URL.revokeObjectURL(takeUrl.current)
    }
  }, [])

  function startMeter(l: Live) {
    const AudioContextClass =
      window.AudioContext ??
      (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    if (!AudioContextClass) return
    try {
      const context = new AudioContextClass()
      const analyser = context.createAnalyser()
      analyser.fftSize = 1024
      context.createMediaStreamSource(l.stream).connect(analyser)
      l.context = context
      const samples = new Uint8Array(analyser.fftSize)
      const tick = () => {
        if (live.current !== l) return
        analyser.getByteTimeDomainData(samples)
        const next = levelFrom(samples)
        setLevel((prev) => (prev === next ? prev : next))
        l.frame = requestAnimationFrame(tick)
      }
      l.frame = requestAnimationFrame(tick)
    } catch {
      // No meter is no reason not to record.
    }
  }

  async function start() {
    setError(null)
    const getUserMedia = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices)
    if (!getUserMedia) {
      setError(MIC_ERROR)
      return
    }
    setPhase('requesting')
    let stream: MediaStream
    try {
      stream = await getUserMedia({ audio: true })
    } catch {
      if (!mounted.current) return
      setPhase(take ? 'recorded' : 'idle')
      setError(MIC_ERROR)
      return
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop()
      return
    }
    let recorder: MediaRecorder
    try {
      if (typeof window.MediaRecorder !== 'function') throw new Error('no MediaRecorder')
      const mimeType = pickMimeType()
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
    } catch {
      for (const track of stream.getTracks()) track.stop()
      setPhase(take ? 'recorded' : 'idle')
      setError(RECORDING_UNSUPPORTED)
      return
    }
    dropTake()
    onTakeRef.current(null)
    const chunks: Blob[] = []
    const began = Date.now()
    const l: Live = { stream, recorder, context: null, frame: 0, timer: 0 }
    recorder.ondataavailable = (event: BlobEvent) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onstop = () => {
      const seconds = (Date.now() - began) / 1000
      release()
      if (!mounted.current) return
      setLevel(0)
      const type = recorder.mimeType || chunks[0]?.type || 'audio/webm'
      const blob = new Blob(chunks, { type })
      if (blob.size === 0) {
        setPhase('idle')
        setError('Nothing was recorded. Try again.')
        return
      }
      const file = new File([blob], `recording.${extensionFor(type)}`, { type: type.split(';')[0] })
      const url = URL.createObjectURL(file)
      takeUrl.current = url
      setTake({ url, seconds })
      setPhase('recorded')
      onTakeRef.current(file)
    }
    live.current = l
    setElapsed(0)
    l.timer = window.setInterval(() => {
      const s = (Date.now() - began) / 1000
      setElapsed(s)
      if (s >= maxSeconds) stop()
    }, 250)
    startMeter(l)
    recorder.start()
    setPhase('recording')
  }

  function stop() {
    const l = live.current
    if (!l) return
    if (l.recorder.state !== 'inactive') l.recorder.stop()
    else release()
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        {recording ? (
          <Button
            ref={control}
            color="red"
            onClick={() => {
              refocus.current = true
              stop()
            }}
          >
            Stop recording
          </Button>
        ) : (
          <Button
            ref={control}
            variant={take ? 'default' : 'filled'}
            onClick={() => {
              refocus.current = true
              void start()
            }}
            loading={phase === 'requesting'}
            disabled={disabled}
          >
            {take ? 'Record again' : 'Start recording'}
          </Button>
        )}
        {recording ? (
          <Text size="sm" c="red.8" fw={500} role="status" aria-live="polite">
            <span aria-hidden="true">● </span>Recording… {formatSeconds(elapsed)}
          </Text>
        ) : null}
      </Group>
      {recording ? (
        <Progress
          value={level}
          size="lg"
          color={level > 90 ? 'red' : 'teal'}
          aria-label="Microphone level"
          transitionDuration={0}
        />
      ) : null}
      {take && !recording ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Your take ({formatSeconds(take.seconds)})
          </Text>
          <audio
            controls
            src={take.url}
            aria-label="Your take"
            style={{ width: '100%', maxWidth: 420 }}
          />
        </Stack>
      ) : null}
      {error ? (
        <Text c="red.7" role="alert" size="sm" fw={500}>
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
