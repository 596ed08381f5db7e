import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { type Config, loadConfig } from './config.js'
import { claimDataDir } from './data-dir-owner.js'
import { checkDataDir, checkPort, explainStartupError } from './startup.js'

/** Print why the server could not start (one actionable line when the cause is known) and exit 1. */
function fail(
  err: unknown,
  config: Config | undefined,
  stage: 'config' | 'open' | 'listen',
): never {
  const line = explainStartupError(err, config, stage)
  if (line) console.error(`Che Idioms could not start: ${line}`)
  else console.error('Che Idioms could not start:', err)
  process.exit(1)
}

/** `npm start` / `npm run serve`: read the environment, build the app and listen. */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    fail(err, undefined, 'config')
  }
  const started = performance.now()
  try {
    await checkPort(config)
  } catch (err) {
    fail(err, config, 'listen')
  }
  let app: FastifyInstance
  try {
    checkDataDir(config)
    app = await buildApp(config)
  } catch (err) {
    fail(err, config, 'open')
  }
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await app.close().catch(() => {})
    fail(err, config, 'listen')
  }
  const ms = Math.round(performance.now() - started)
  // While it runs, `npm run users` and the other tools refuse this PGlite folder (see data-dir-owner).
  const release = claimDataDir(config)
  process.once('exit', release)
  console.log(`Che Idioms is ready at ${config.publicUrl} (ready in ${ms} ms)`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // Readiness goes 503 first so load balancers stop sending traffic, then in-flight
      // requests finish and the app closes.
      app.health.drain()
      setTimeout(() => {
        void app.close().then(() => process.exit(0))
      }, config.shutdownDrainMs)
    })
  }
}

void main()
