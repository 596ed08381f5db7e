import { ApiError, errorMessage } from '../../lib/api-client'

/** What to say when saving a take fails: friendlier words for a file too large or not audio. */
export function fulfilErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'PAYLOAD_TOO_LARGE' || error.status === 413) {
      const limit = error.fromServer ? ` (${error.message.replace(/\.$/, '')})` : ''
      return `The audio file is too large${limit}. Record a shorter take or choose a smaller file.`
    }
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.status === 415) {
      return 'That file is not audio. Choose an audio recording (MP3, M4A, OGG, WAV or WebM) or record one here.'
    }
  }
  return errorMessage(error, 'Failed to save the recording')
}
