import Fastify from 'fastify'
import { freePort, load, printTable, startServer } from './support.js'

/**
 * GET /api/settings throughput and p99 beside a bare Fastify hello-world on the same machine,
 * and the cold start of the real server (process spawn to first 200), first and second start.
 */
export async function run(): Promise<void> {
  const bare = Fastify()
  bare.get('/', async () => ({ hello: 'world' }))
  const port = await freePort()
  await bare.listen({ port, host: '127.0.0.1' })
  const baseline = await load('bare Fastify hello-world', { url: `http://127.0.0.1:${port}/` })
  await bare.close()

  const server = await startServer()
  const settings = await load('GET /api/settings (PGlite)', { url: `${server.url}/api/settings` })
  await server.stop()

  printTable('API throughput (50 connections, 5 s, loopback)', [baseline, settings])
  console.log(
    `\nCold start to first 200 of GET /api/settings (fresh data folder): ${server.coldStartMs} ms`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
