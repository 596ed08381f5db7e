import { buildApp } from './app.js'
import { type Config, ConfigError, loadConfig } from './config.js'

/** `npm start` / `npm run serve`: read the environment, build the app and listen. */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const started = performance.now()
  const app = await buildApp(config)
  await app.listen({ port: config.port, host: config.host })
  const ms = Math.round(performance.now() - started)
  console.log(`Che Idioms is ready at ${config.publicUrl} (ready in ${ms} ms)`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
}

void main()
