import type { Config } from '../../config.js'

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** Sends messages to a chat model and resolves to its reply text. */
export type ChatModel = (messages: ChatMessage[]) => Promise<string>

const TIMEOUT_MS = 15_000

/** An OpenAI-compatible POST {baseUrl}/chat/completions client; throws on any failure. */
export function createChatModel(llm: NonNullable<Config['llm']>): ChatModel {
  const url = `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`
  return async (messages) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: llm.model, messages, temperature: 0.2, max_tokens: 600 }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 300)
      throw new Error(`chat model answered ${res.status}: ${detail}`)
    }
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] }
    const content = body.choices?.[0]?.message?.content
    if (typeof content !== 'string' || content.trim() === '') throw new Error('chat model gave no answer')
    return content.trim()
  }
}
