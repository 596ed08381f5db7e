import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../../errors.js'

/**
 * Containers browsers record audio into (MediaRecorder) that file-type names video/* because
 * it cannot tell from the header that there is no picture track.
 */
const AUDIO_CONTAINERS: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/ogg': 'audio/ogg',
  'video/mp4': 'audio/mp4',
}

/**
 * The audio type of an uploaded file judged by its bytes (never by its name or declared type);
 * 415 UNSUPPORTED_MEDIA_TYPE when it is not audio.
 */
export async function detectAudio(bytes: Uint8Array): Promise<{ ext: string; mime: string }> {
  const type = await fileTypeFromBuffer(bytes)
  if (type?.mime.startsWith('audio/')) return { ext: type.ext, mime: type.mime }
  const mime = type ? AUDIO_CONTAINERS[type.mime] : undefined
  if (type && mime) return { ext: type.ext, mime }
  throw new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'The file is not audio: upload an audio recording (MP3, M4A, OGG, WAV, WebM...)',
    {
      detected: type?.mime ?? 'unknown',
    },
  )
}
