/**
 * An answer in progress, kept in sessionStorage so a learner who goes back to the dashboard (or
 * reloads) finds it again when the same sentence is served. Cleared once the answer is graded.
 */
export interface Draft {
  exampleId: string
  transcription: string
  translation: string
}

const storageKey = (key: string) => `che.draft.${key}`

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

/** The kept answer for this example, or undefined (another example's draft stays kept). */
export function loadDraft(key: string, exampleId: string): Draft | undefined {
  try {
    const raw = storage()?.getItem(storageKey(key))
    if (!raw) return undefined
    const draft = JSON.parse(raw) as Partial<Draft>
    if (draft.exampleId !== exampleId) return undefined
    const transcription = typeof draft.transcription === 'string' ? draft.transcription : ''
    const translation = typeof draft.translation === 'string' ? draft.translation : ''
    return transcription || translation ? { exampleId, transcription, translation } : undefined
  } catch {
    return undefined
  }
}

export function saveDraft(key: string, draft: Draft): void {
  try {
    if (!draft.transcription && !draft.translation) storage()?.removeItem(storageKey(key))
    else storage()?.setItem(storageKey(key), JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the answer simply is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(storageKey(key))
  } catch {
    // Nothing to clear.
  }
}
