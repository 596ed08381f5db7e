/**
 * The confidence below which the hybrid server asks an LLM (admin setting
 * `evaluatorLlmThreshold`); see docs/decisions/028.
 */
export const DEFAULT_LLM_THRESHOLD = 0.6
