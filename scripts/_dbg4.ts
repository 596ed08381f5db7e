import { readFileSync, readdirSync } from 'node:fs'
import { evaluate } from '../packages/core/src/evaluator/index.js'
import { parseCases, withContent } from '../packages/core/src/evaluator/cases.js'
const content = readdirSync('content/idioms').flatMap((f) => JSON.parse(readFileSync(`content/idioms/${f}`, 'utf8')).idioms)
const cases = withContent(parseCases(readFileSync(process.argv[2]!, 'utf8')), content)
for (const c of cases) {
  const e = evaluate(c, c)
  const f = c.expect.transcription ? 'transcription' : 'translation'
  const got = f === 'transcription' ? e.transcriptionAccuracy : e.translationAccuracy
  const exp = c.expect.transcription ?? c.expect.translation
  if (got !== exp) console.log(c.id, exp, got, e.confidence, '|', f === 'transcription' ? c.userTranscription : c.userTranslation, '|', f === 'transcription' ? e.transcriptionFeedback : e.translationFeedback)
}
