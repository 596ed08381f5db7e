import { Anchor, List, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** App paths and web addresses in an answer; a trailing full stop or bracket is not part of them. */
const LINK =
  /(https?:\/\/[^\s)]+[^\s).,;:!?'"]|\/(?:chat|app|admin|editor|about|license|report-a-problem)(?:[/#][\w\-/#]*[\w-])?)/g

/** The help anchor a /chat#<anchor> address points at, else null. */
export function helpAnchor(url: string): string | null {
  const match = /^\/chat#([\w-]+)$/.exec(url)
  return match ? match[1]! : null
}

function inline(text: string, onHelpLink: (anchor: string) => void): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    const url = match[0]
    const at = match.index
    if (at > last) out.push(text.slice(last, at))
    const anchor = helpAnchor(url)
    if (anchor) {
      out.push(
        <Anchor
          key={at}
          href={url}
          onClick={(e) => {
            e.preventDefault()
            onHelpLink(anchor)
          }}
        >
          {url}
        </Anchor>,
      )
    } else if (url.startsWith('/')) {
      out.push(
        <Anchor key={at} component={Link} to={url}>
          {url}
        </Anchor>,
      )
    } else {
      out.push(
        <Anchor key={at} href={url} target="_blank" rel="noreferrer">
          {url}
        </Anchor>,
      )
    }
    last = at + url.length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

type Block = { kind: 'p'; text: string } | { kind: 'list'; items: string[] }

/** Paragraphs and "- " lists of an answer; indented lines continue the list item above. */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | undefined
  const close = () => {
    if (current) blocks.push(current)
    current = undefined
  }
  for (const line of text.split('\n')) {
    const item = /^\s*[-*]\s+(.*)$/.exec(line)
    if (!line.trim()) close()
    else if (item) {
      if (current?.kind !== 'list') {
        close()
        current = { kind: 'list', items: [] }
      }
      current.items.push(item[1]!)
    } else if (current?.kind === 'list' && /^\s{2,}\S/.test(line)) {
      current.items[current.items.length - 1] += ` ${line.trim()}`
    } else if (current?.kind === 'p') {
      current.text += ` ${line.trim()}`
    } else {
      close()
      current = { kind: 'p', text: line.trim() }
    }
  }
  close()
  return blocks
}

/**
 * An answer as plain text: blank lines split paragraphs, "- " lines make a list, and app paths
 * become links (a /chat#<anchor> link opens that source of the answer instead of navigating).
 */
export function AnswerText({
  text,
  onHelpLink,
}: {
  text: string
  onHelpLink: (anchor: string) => void
}) {
  return (
    <Stack gap="xs">
      {blocksOf(text).map((block, i) =>
        block.kind === 'list' ? (
          <List key={i} size="sm" spacing={2} withPadding>
            {block.items.map((item, j) => (
              <List.Item key={j}>{inline(item, onHelpLink)}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={i} size="sm">
            {inline(block.text, onHelpLink)}
          </Text>
        ),
      )}
    </Stack>
  )
}
