// Test fixtures: small audio files that file-type recognises.

/**
 * A valid 8 kHz mono 16-bit PCM WAV of `samples` samples. Its data bytes are silent, or
 * `byteAt(index)` for each absolute byte index (a pattern makes byte ranges easy to check).
 */
export function wav(samples = 800, byteAt?: (index: number) => number): Buffer {
  const data = samples * 2
  const b = Buffer.alloc(44 + data)
  if (byteAt) for (let i = 44; i < b.length; i++) b[i] = byteAt(i)
  b.write('RIFF', 0)
  b.writeUInt32LE(36 + data, 4)
  b.write('WAVE', 8)
  b.write('fmt ', 12)
  b.writeUInt32LE(16, 16)
  b.writeUInt16LE(1, 20)
  b.writeUInt16LE(1, 22)
  b.writeUInt32LE(8000, 24)
  b.writeUInt32LE(16000, 28)
  b.writeUInt16LE(2, 32)
  b.writeUInt16LE(16, 34)
  b.write('data', 36)
  b.writeUInt32LE(data, 40)
  return b
}
