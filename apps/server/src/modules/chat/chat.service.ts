import MiniSearch from 'minisearch'
import type { HelpAnswer } from '@che/core'
import { toMessage } from '../../errors.js'
import type { HelpSection } from './chat.content.js'
import type { IdiomFact } from './chat.idioms.js'
import type { ChatModel } from './chat.llm.js'

export const BUG_REPORT_PATH = '/app/bugreport'
/** The problem-report form for visitors without an account (or who cannot sign in). */
export const VISITOR_REPORT_PATH = '/report-a-problem'

/** Used when the prompts table has no `chat` prompt. */
export const BUILT_IN_CHAT_PROMPT = `You are the help assistant of Che Idioms, a web app for practising Rio de la Plata Spanish idioms.
Answer the question using only the help passages given with it. If they do not contain the answer, say that you do not know and suggest the Report Bugs page (${BUG_REPORT_PATH}), or ${VISITOR_REPORT_PATH} for someone who cannot sign in. Keep the answer short.`

/**
 * A passage answers the question when it scores at least MIN_SCORE, or at least WEAK_SCORE while
 * matching every word of the question (a lone rare word such as "betaKey" scores low but is
 * on topic, while "delete my account" matching only "delete" is not). Tuned on the help pages
 * with the questions in chat.service.test.ts.
 */
export const MIN_SCORE = 6
const WEAK_SCORE = 3
/** Learners are most of the askers: their page wins a near tie with the admins' one. */
const AUDIENCE_BOOST: Record<string, number> = { learners: 1.15 }
/** Further passages are quoted when they score at least this share of the best one. */
const SECOND_SHARE = 0.6
const MAX_SOURCES = 3
const EXCERPT_CHARS = 280

const STOP_WORDS = new Set(
  `a about an and are as at be but by can could did do does doing for from get got has have how i if in
  into is it its me my no not of on or our please should so that the their them then there these this to
  up us was we what when where which who why will with would you your yours`.split(/\s+/),
)

/**
 * Lower-case, drop accents and stop words, and strip the commonest English endings (a light
 * stemmer: enough for "unlocks"/"unlock", "recording"/"record", "ties"/"tie", not a full Porter).
 */
export function processTerm(term: string): string | null {
  let t = term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/'s$/, '')
  if (t.length < 2 || STOP_WORDS.has(t)) return null
  if (t.length > 4 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`
  else if (t.length > 5 && t.endsWith('ing')) t = t.slice(0, -3)
  else if (t.length > 4 && t.endsWith('ed')) t = t.slice(0, -2)
  else if (t.length > 3 && t.endsWith('s') && !/(ss|us|is)$/.test(t)) t = t.slice(0, -1)
  return t
}

const helpUrl = (s: HelpSection) => `/chat#${s.anchor}`

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= EXCERPT_CHARS) return flat
  const cut = flat.slice(0, EXCERPT_CHARS)
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

interface Log {
  warn(obj: object, msg: string): void
}

export function createChatService(deps: {
  sections: HelpSection[]
  /** Undefined when no LLM is configured: answers are quoted from the help. */
  model: ChatModel | undefined
  /** The admin-edited `chat` prompt, if any. */
  prompt: () => Promise<string | undefined>
  log: Log
  /** The idiom library: a question about one of its idioms is answered from it. */
  idiom?: (question: string) => Promise<IdiomFact | undefined>
}) {
  const byAnchor = new Map(deps.sections.map((s) => [s.anchor, s]))
  const index = new MiniSearch<HelpSection>({
    idField: 'anchor',
    fields: ['title', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 3 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
      boostDocument: (anchor: string) => AUDIENCE_BOOST[byAnchor.get(anchor)?.audience ?? ''] ?? 1,
    },
  })
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[]
  index.addAll(deps.sections)

  /** The passages that answer `question`, best first; empty when none scores high enough. */
  function retrieve(question: string): HelpSection[] {
    const hits = index.search(question)
    const best = hits[0]
    if (!best) return []
    const asked = new Set(
      tokenize(question)
        .map(processTerm)
        .filter((t): t is string => !!t),
    )
    const matchesAll = [...asked].every((t) => best.queryTerms.includes(t))
    if (best.score < (matchesAll ? WEAK_SCORE : MIN_SCORE)) return []
    return hits
      .filter((h) => h.score >= best.score * SECOND_SHARE)
      .slice(0, MAX_SOURCES)
      .map((h) => byAnchor.get(h.id as string)!)
  }

  function localAnswer(passages: HelpSection[]): string {
    const [first, ...rest] = passages
    if (!first) {
      return `I don't know: the help pages don't cover that. If something isn't working as it should, please tell us on the bug report form at ${BUG_REPORT_PATH}, or at ${VISITOR_REPORT_PATH} if you cannot sign in.`
    }
    const more = rest.map((s) => `- ${s.title}: ${helpUrl(s)}`)
    return [
      `From the help section "${first.title}" (${helpUrl(first)}):`,
      first.text,
      ...(more.length ? [`See also:\n${more.join('\n')}`] : []),
    ].join('\n\n')
  }

  async function modelAnswer(
    model: ChatModel,
    question: string,
    passages: HelpSection[],
  ): Promise<string> {
    const system = (await deps.prompt())?.trim() || BUILT_IN_CHAT_PROMPT
    const context = passages
      .map((s, i) => `[${i + 1}] ${s.title} (${helpUrl(s)})\n${s.text}`)
      .join('\n\n')
    return model([
      { role: 'system', content: system },
      { role: 'user', content: `Question: ${question}\n\nHelp passages:\n\n${context}` },
    ])
  }

  /**
   * An idiom of the library, told from its own record (meaning, tone, usage, one example), with
   * the library as the first source and any matching help passages after it.
   */
  function idiomAnswer(fact: IdiomFact, passages: HelpSection[]): HelpAnswer {
    const lines = [
      `“${fact.text}” means “${fact.translation}”.`,
      `Tone: ${fact.tone}; usage ${fact.usage} of 10 (10 = super common).`,
      ...(fact.example
        ? [
            `Example: “${fact.example.text}”${fact.example.translation ? ` — “${fact.example.translation}”` : ''}`,
          ]
        : []),
    ]
    const source = {
      title: `Idiom library: ${fact.text}`,
      url: `/chat?idiom=${encodeURIComponent(fact.text)}`,
      excerpt: lines.join(' '),
    }
    return {
      answer: `From the idiom library:\n\n${lines.join('\n')}`,
      sources: [
        source,
        ...passages.map((s) => ({ title: s.title, url: helpUrl(s), excerpt: excerpt(s.text) })),
      ],
      known: true,
    }
  }

  return {
    sectionCount: deps.sections.length,
    async ask(question: string): Promise<HelpAnswer> {
      const fact = await deps.idiom?.(question)
      if (fact) return idiomAnswer(fact, retrieve(question))
      const passages = retrieve(question)
      const sources = passages.map((s) => ({
        title: s.title,
        url: helpUrl(s),
        excerpt: excerpt(s.text),
      }))
      if (!passages.length) return { answer: localAnswer([]), sources: [], known: false }
      if (deps.model) {
        try {
          return { answer: await modelAnswer(deps.model, question, passages), sources, known: true }
        } catch (err) {
          deps.log.warn(
            { err: toMessage(err) },
            'help chat model failed; answering from the help pages',
          )
        }
      }
      return { answer: localAnswer(passages), sources, known: true }
    },
  }
}
export type ChatService = ReturnType<typeof createChatService>
