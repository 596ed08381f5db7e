import { Anchor, Group } from '@mantine/core'
import type { ReactNode, Ref } from 'react'

export interface AudioPlayerProps {
  src: string
  /** Admins get the download control (spec §6); everyone else gets play only. */
  isAdmin: boolean
  label?: string
  autoFocus?: boolean
  /** The underlying <audio>, for callers that start playback themselves (autoplay, slow replay). */
  audioRef?: Ref<HTMLAudioElement>
  /** Called each time playback starts. */
  onPlay?: () => void
  /** The audio could not be loaded (network, missing file, unsupported format). */
  onError?: () => void
  /** The player's volume or mute changed. */
  onVolumeChange?: (audio: HTMLAudioElement) => void
  /** Extra controls shown beside the player (e.g. a slow replay button). */
  children?: ReactNode
}

/**
 * The native audio player. Non-admins get `controlsList="nodownload"` and no download link,
 * which hides the browser's download control (spec §2 Exercise, §6).
 */
export function AudioPlayer({
  src,
  isAdmin,
  label = 'Example audio',
  autoFocus,
  audioRef,
  onPlay,
  onError,
  onVolumeChange,
  children,
}: AudioPlayerProps) {
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <audio
        ref={audioRef}
        onPlay={onPlay}
        onError={onError}
        onVolumeChange={onVolumeChange ? (e) => onVolumeChange(e.currentTarget) : undefined}
        controls
        preload="auto"
        src={src}
        aria-label={label}
        // biome-ignore lint/a11y/noAutofocus: only where the caller asks, so a keyboard user lands on the audio to play.
        autoFocus={autoFocus}
        style={{ width: '100%', maxWidth: 420 }}
        {...(isAdmin
          ? {}
          : { controlsList: 'nodownload', onContextMenu: (e) => e.preventDefault() })}
      >
        Your browser cannot play this audio.
      </audio>
      {children}
      {isAdmin ? (
        <Anchor href={src} download>
          Download
        </Anchor>
      ) : null}
    </Group>
  )
}
