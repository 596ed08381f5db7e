import type { KvRepo } from '../settings/settings.repo.js'
import { defaultPrompts } from './prompts.defaults.js'

/** The admin-editable AI prompts (a flat key-value map). */
export function createPromptsService(deps: { prompts: KvRepo }) {
  return {
    /** Insert default prompts that are missing; an admin's edits are kept. */
    async seedDefaults(): Promise<void> {
      await deps.prompts.seed(defaultPrompts())
    },
    all(): Promise<Record<string, string>> {
      return deps.prompts.all()
    },
    /** One prompt, falling back to the default when an admin removed it. */
    async get(key: string): Promise<string | undefined> {
      return (await deps.prompts.all())[key] ?? defaultPrompts()[key]
    },
    async replace(map: Record<string, string>): Promise<Record<string, string>> {
      await deps.prompts.replace(map)
      return deps.prompts.all()
    },
  }
}
export type PromptsService = ReturnType<typeof createPromptsService>
