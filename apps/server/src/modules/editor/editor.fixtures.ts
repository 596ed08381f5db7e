// Test fixtures: real (tiny) audio files and multipart bodies for the upload routes.

/** A 16-bit mono PCM WAV of a sine tone: `ms` milliseconds at `hz`, 8 kHz sampling. */
export function sineWav(ms = 250, hz = 440): Buffer {
  const rate = 8000
  const samples = Math.round((rate * ms) / 1000)
  const data = samples * 2
  const b = Buffer.alloc(44 + data)
  b.write('RIFF', 0)
  b.writeUInt32LE(36 + data, 4)
  b.write('WAVE', 8)
  b.write('fmt ', 12)
  b.writeUInt32LE(16, 16) // fmt chunk size
  b.writeUInt16LE(1, 20) // PCM
  b.writeUInt16LE(1, 22) // mono
  b.writeUInt32LE(rate, 24)
  b.writeUInt32LE(rate * 2, 28) // byte rate
  b.writeUInt16LE(2, 32) // block align
  b.writeUInt16LE(16, 34) // bits per sample
  b.write('data', 36)
  b.writeUInt32LE(data, 40)
  for (let i = 0; i < samples; i++) {
    b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000), 44 + i * 2)
  }
  return b
}

/** The start of a WebM file as a browser's MediaRecorder writes it (EBML header, DocType webm). */
export function webmHeader(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')])
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]),
    docType,
    Buffer.alloc(256),
  ])
}

/** The first Ogg page of an Opus stream (Firefox's MediaRecorder). */
export function oggOpusHeader(): Buffer {
  const b = Buffer.alloc(256)
  b.write('OggS', 0)
  b[5] = 2 // beginning of stream
  b[26] = 1 // one segment
  b[27] = 19
  b.write('OpusHead', 28)
  return b
}

/** A 1×1 PNG: an image, not audio. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

export interface FilePart {
  name: string
  type: string
  bytes: Buffer
  field?: string
}

/** A multipart/form-data body: text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----che${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
