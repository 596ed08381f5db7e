/**
 * The zod-free part of the core (constants, avatar initials, path filling): what the web app's
 * first page needs. Importing it instead of the package root keeps the contract's schemas and zod
 * off the landing page's first load, because the bundler places every module reachable from the
 * first page's imports among its chunks (docs/decisions/039).
 */
export * from './domain/avatar.js'
export * from './domain/limits.js'
export * from './contract/path.js'
