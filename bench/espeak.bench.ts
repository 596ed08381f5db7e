import { readFileSync } from 'node:fs'
import { createEspeakSynthesizer } from '../apps/server/src/tts/tts.js'

/**
 * espeak-ng's time per sentence, one child process each (as the server runs it): the fallback
 * voice (es-rioplatense, decision 058) against espeak-ng's own es-419 it is made from, the two
 * taking turns sentence by sentence so a busy machine slows both alike. Prints mean, median,
 * min and max per voice over BENCH_ESPEAK_ROUNDS rounds (default 3) of ten sentences, and the
 * CPU time of the child processes (user + system, from /proc: less sensitive to a loaded machine
 * than the wall clock; Linux only, 10 ms ticks).
 */
const ROUNDS = Number(process.env.BENCH_ESPEAK_ROUNDS ?? 3)
/** CPU seconds used by this process's finished children (cutime + cstime of /proc/self/stat). */
function childCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
    // After "pid (comm) ", field 3 is the state; cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return Number.NaN
  }
}

const SENTENCES = [
  'Esta semana estoy a full con el laburo, no tengo ni un minuto libre.',
  '¿Me estás tomando el pelo o lo decís en serio?',
  'Si no entrego el informe mañana estoy al horno.',
  'Me llamo Yolanda y hoy voy a la calle.',
  'Mañana tomo el bondi temprano para llegar a horario.',
  'Che, ¿vamos a tomar unos mates a la plaza?',
  'Ese pibe es re buena onda, te va a caer bien.',
  'Me quedé sin un mango hasta fin de mes.',
  'Dejate de joder y vení a comer, que se enfría.',
  'Ya llegó el colectivo, ¿vos venís o te quedás?',
]

export async function run(): Promise<void> {
  const voices = ['es-419', 'es-rioplatense'].map((voice) => ({
    voice,
    synth: createEspeakSynthesizer({ voice }),
    times: [] as number[],
    cpu: [] as number[],
  }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const sentence of SENTENCES) {
      for (const v of round % 2 ? [...voices].reverse() : voices) {
        const start = performance.now()
        const cpu = childCpuMs()
        await v.synth.synthesize(sentence)
        v.times.push(performance.now() - start)
        v.cpu.push(childCpuMs() - cpu)
      }
    }
  }
  console.log(
    `espeak-ng speech per sentence (${ROUNDS} rounds of ${SENTENCES.length} sentences, one child process each, voices taking turns):`,
  )
  for (const { voice, times, cpu } of voices) {
    const sorted = [...times].sort((a, b) => a - b)
    const mean = times.reduce((a, b) => a + b, 0) / times.length
    const median = sorted[Math.floor(sorted.length / 2)]!
    console.log(
      `  ${voice.padEnd(15)} mean ${Math.round(mean)} ms, median ${Math.round(median)} ms, min ${Math.round(sorted[0]!)} ms, max ${Math.round(sorted.at(-1)!)} ms; CPU ${Math.round(cpu.reduce((a, b) => a + b, 0) / cpu.length)} ms`,
    )
  }
  console.log(`  load average (1 min): ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
