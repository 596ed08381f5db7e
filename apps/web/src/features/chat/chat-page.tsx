import {
  Anchor,
  Blockquote,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { HelpAnswer } from '@che/core'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { AnswerText, helpAnchor } from './answer-text'
import { ASK_FALLBACK_ERROR, useAskHelp } from './api/ask-help'

export const STARTER_QUESTIONS = [
  'How do I unlock the Playroom?',
  'What do perfect, minor and major mean?',
  'How do I get a progress report?',
  'What do the confidence dots mean?',
]

type NewMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; answer: HelpAnswer }
  | { role: 'error'; text: string }
type Message = NewMessage & { id: number }

/** /chat: Help / Support, a chat that answers from the help pages (spec §1, §2). Works signed out. */
export function ChatPage() {
  const [messages, setMessages] = useState<Message[]>([])
  const [draft, setDraft] = useState('')
  const ask = useAskHelp()
  const nextId = useRef(0)
  const end = useRef<HTMLDivElement>(null)
  const { hash } = useLocation()

  const send = (raw: string) => {
    const question = raw.trim().slice(0, 500)
    if (!question || ask.isPending) return
    const push = (m: NewMessage) => setMessages((all) => [...all, { ...m, id: nextId.current++ }])
    push({ role: 'user', text: question })
    setDraft('')
    ask.mutate(question, {
      onSuccess: (answer) => push({ role: 'assistant', answer }),
      onError: (error) => push({ role: 'error', text: errorMessage(error, ASK_FALLBACK_ERROR) }),
    })
  }

  // A shared /chat#<anchor> address asks for that help section by its title words.
  const askedFromHash = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; a later hash change is not a question.
  useEffect(() => {
    if (askedFromHash.current) return
    askedFromHash.current = true
    const anchor = helpAnchor(`/chat${hash}`)
    if (anchor) send(anchor.replace(/-/g, ' '))
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message or the wait indicator appears.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' })
  }, [messages.length, ask.isPending])

  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Help / Support (Chat)</Title>
      <Text c="dimmed">
        Ask a question about using Che Idioms. Answers come from the help pages, with the passages
        they quote.
      </Text>

      <Stack gap="sm" role="log" aria-label="Conversation" aria-live="polite">
        {messages.map((m) =>
          m.role === 'user' ? (
            <UserBubble key={m.id} text={m.text} />
          ) : m.role === 'assistant' ? (
            <AnswerBubble key={m.id} answer={m.answer} />
          ) : (
            <Paper key={m.id} withBorder p="sm" radius="md" maw="90%">
              <Text c="red.7" role="alert" size="sm" fw={500}>
                {m.text}
              </Text>
            </Paper>
          ),
        )}
        {ask.isPending ? <Loading /> : null}
        <div ref={end} />
      </Stack>

      {messages.length === 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Try one of these:
          </Text>
          <Group gap="xs">
            {STARTER_QUESTIONS.map((q) => (
              <Button key={q} variant="light" size="compact-sm" radius="xl" onClick={() => send(q)}>
                {q}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}

      <form
        onSubmit={(e) => {
          e.preventDefault()
          send(draft)
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label="Your question"
            placeholder="Ask about exercises, the calendar, the Playroom…"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            maxLength={500}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" disabled={!draft.trim() || ask.isPending}>
            Send
          </Button>
        </Group>
      </form>
    </Stack>
  )
}

function UserBubble({ text }: { text: string }) {
  return (
    <Group justify="flex-end">
      <Paper
        p="sm"
        radius="md"
        bg="var(--mantine-primary-color-light)"
        maw="85%"
        aria-label="You asked"
      >
        <Text size="sm">{text}</Text>
      </Paper>
    </Group>
  )
}

function AnswerBubble({ answer }: { answer: HelpAnswer }) {
  // Report Bugs needs an account; a visitor gets the public form.
  const signedIn = useAuth().authenticated
  const [open, setOpen] = useState<Set<string>>(() => new Set())
  const sourceRefs = useRef(new Map<string, HTMLDivElement>())
  const toggle = (url: string, show?: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (show ?? !next.has(url)) next.add(url)
      else next.delete(url)
      return next
    })
  const openAnchor = (anchor: string) => {
    const url = `/chat#${anchor}`
    toggle(url, true)
    sourceRefs.current.get(url)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }

  return (
    <Paper withBorder p="sm" radius="md" maw="95%" aria-label="Help answer">
      <Stack gap="sm">
        <AnswerText text={answer.answer} onHelpLink={openAnchor} />
        {!answer.known ? (
          <Group>
            <Button
              component={Link}
              to={signedIn ? '/app/bugreport' : '/report-a-problem'}
              variant="light"
              size="xs"
            >
              Report a problem
            </Button>
          </Group>
        ) : null}
        {answer.sources.length > 0 ? (
          <Stack gap={4} component="section" aria-label="Sources">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              From the help
            </Text>
            {answer.sources.map((s) => (
              <div
                key={s.url}
                ref={(el) => {
                  if (el) sourceRefs.current.set(s.url, el)
                  else sourceRefs.current.delete(s.url)
                }}
              >
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={500}
                  aria-expanded={open.has(s.url)}
                  onClick={() => toggle(s.url)}
                >
                  {s.title}
                </Anchor>
                <Collapse expanded={open.has(s.url)}>
                  <Blockquote p="xs" mt={4} color="gray" fz="sm">
                    {s.excerpt}
                  </Blockquote>
                </Collapse>
              </div>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  )
}
