export * from '../../../test/fetch-stub'

export const IDIOM_ID = '11111111-1111-4111-8111-111111111111'

export function makeIdiom(overrides: Record<string, unknown> = {}) {
  return {
    idiomId: IDIOM_ID,
    text: 'Estar al horno',
    translation: 'To be in trouble',
    tone: 'Casual',
    usage: 8,
    source: '',
    meanings: [],
    literals: [],
    createdAt: '2024-05-01T12:00:00.000Z',
    examples: [],
    assigned: null,
    ...overrides,
  }
}
