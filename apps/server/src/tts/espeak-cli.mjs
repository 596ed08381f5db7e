#!/usr/bin/env node
// A tiny separate program around espeak-ng (GPL-3.0-or-later, compiled to WASM by the
// `espeak-ng` npm package): reads UTF-8 text on stdin, writes a WAV file to stdout (or, with
// --ipa, the phonemes espeak-ng says, in IPA). The server runs it as a child process and never
// links espeak-ng into itself.
// Usage: node espeak-cli.mjs <voice> [speed-wpm] [--ipa]
import ESpeakNg from 'espeak-ng'

/**
 * Rio de la Plata Spanish (docs/decisions/058): espeak-ng's Latin-American voice (es-419: its
 * `phonemes`, `intonation`, `stressLength` and `tunes`) with sheísmo. Every "ll" and consonantal
 * "y" is [ʃ] ("calle" [ˈkaʃe], "yo" [ʃo], "con yeso" [kon ˈʃeso]); the conjunction "y" and a
 * final "y" ("hoy", "muy", "ley") stay vowels, as espeak-ng's spelling rules already make them.
 * - Without `dictrules 2` the Spanish rules say every "ll" as [ʎ] (l^), instead of es-419's [ʝ]
 *   word-initially and a lengthened [j] between vowels, which could not be told from the glide of
 *   "muy" or "hielo" by a phoneme replacement. The only other rules that condition selects are the
 *   spelled names of r, v and w.
 * - `replace 0 A B` swaps phoneme A for B everywhere: [ʝ] (J^, a consonantal y), [ʎ] (l^, ll)
 *   and [dʒ] (dZ, y or ll after n: "un llamado") all become [ʃ] (S).
 * Written into the WASM file system before main() runs, so espeak-ng finds it like its own voices.
 */
const RIOPLATENSE = `name Spanish (Rio de la Plata)
language es-ar
language es-uy
phonemes es-la
intonation 2
stressLength 170 200  230 180  0 0  250 280
tunes s6 c6 q6 e6
replace 0 J^ S
replace 0 l^ S
replace 0 dZ S
`
const DATA = '/usr/local/share/espeak-ng-data'

const args = process.argv.slice(2)
const ipa = args.includes('--ipa')
const [voice = 'es-rioplatense', speed = '140'] = args.filter((a) => a !== '--ipa')
const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const text = Buffer.concat(chunks).toString('utf8').trim()
if (!text) {
  process.stderr.write('no text on stdin\n')
  process.exit(2)
}
const phonemes = []
const espeak = await ESpeakNg({
  arguments: ipa
    ? ['-q', '--ipa', '-b', '1', '-v', voice, text]
    : ['-b', '1', '-v', voice, '-s', speed, '-w', '/tmp/out.wav', text],
  print: (line) => phonemes.push(line),
  printErr: (line) => {
    if (!line.startsWith('program exited')) process.stderr.write(`${line}\n`)
  },
  onRuntimeInitialized() {
    // After the embedded espeak-ng-data is in the file system, before main() reads a voice.
    this.FS.writeFile(`${DATA}/lang/roa/es-rioplatense`, RIOPLATENSE)
  },
})
if (ipa) process.stdout.write(`${phonemes.join('\n')}\n`)
else process.stdout.write(Buffer.from(espeak.FS.readFile('/tmp/out.wav')))
