import { createLlmClient, type LlmMessage } from '../../ai/llm-client.js'
import type { Config } from '../../config.js'

export type ChatMessage = LlmMessage

/** Sends messages to a chat model and resolves to its reply text. */
export type ChatModel = (messages: ChatMessage[]) => Promise<string>

const TIMEOUT_MS = 15_000

/** Free-text answers through the shared LLM client; rejects with an LlmError on any failure. */
export function createChatModel(llm: NonNullable<Config['llm']>): ChatModel {
  const client = createLlmClient(llm, { timeoutMs: TIMEOUT_MS })
  return (messages) => client.complete(messages, { temperature: 0.2, maxTokens: 600 })
}
