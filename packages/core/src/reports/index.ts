export * from './schema.js'
export { computeFacts, partOfDay, type FactsOptions } from './analytics.js'
export {
  INSIGHT_THRESHOLDS,
  insightsFrom,
  numbersIn,
  numbersInFacts,
  unsupportedNumbers,
} from './insights.js'
