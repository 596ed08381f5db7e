#!/usr/bin/env node
// A tiny separate program around espeak-ng (GPL-3.0-or-later, compiled to WASM by the
// `espeak-ng` npm package): reads UTF-8 text on stdin, writes a WAV file to stdout.
// The server runs it as a child process and never links espeak-ng into itself.
// Usage: node espeak-cli.mjs <voice> [speed-wpm]
import ESpeakNg from 'espeak-ng'

const [voice = 'es-419', speed = '150'] = process.argv.slice(2)
const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const text = Buffer.concat(chunks).toString('utf8').trim()
if (!text) {
  process.stderr.write('no text on stdin\n')
  process.exit(2)
}
const espeak = await ESpeakNg({
  arguments: ['-b', '1', '-v', voice, '-s', speed, '-w', '/tmp/out.wav', text],
  print: () => {},
  printErr: (line) => {
    if (!line.startsWith('program exited')) process.stderr.write(`${line}\n`)
  },
})
const wav = espeak.FS.readFile('/tmp/out.wav')
process.stdout.write(Buffer.from(wav))
