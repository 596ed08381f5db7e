// Server-side timings for a bench run (decision 050): load it into the bench's server with
//   BENCH_SERVER_ARGS="--import ./bench/server-diagnostics.mjs" BENCH_DIAG_OUT=/tmp/diag.json
// On exit it writes one JSON object to BENCH_DIAG_OUT:
//   reqs:  [start ms, server time ms, kind] per request, from the request's parsed headers to the
//          last byte of its answer handed to the socket (kind: next, evaluate or other);
//   gcs:   [start ms, duration ms, V8 GC kind] per collection;
//   loops: [time ms, longest event-loop delay ms, mean delay ms] per 100 ms window.
// Times are performance.now() of the server process. Not loaded unless asked for.
import dc from 'node:diagnostics_channel'
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks'

const out = process.env.BENCH_DIAG_OUT
if (out) {
  const reqs = []
  const gcs = []
  const loops = []
  const starts = new WeakMap()
  const round = (x) => Math.round(x * 10) / 10
  dc.subscribe('http.server.request.start', ({ request }) => {
    starts.set(request, performance.now())
  })
  dc.subscribe('http.server.response.finish', ({ request }) => {
    const t0 = starts.get(request)
    if (t0 === undefined) return
    const kind = request.url.startsWith('/api/exercises/next')
      ? 'next'
      : request.url.startsWith('/api/exercises/evaluate')
        ? 'evaluate'
        : 'other'
    reqs.push([Math.round(t0), round(performance.now() - t0), kind])
  })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push([Math.round(e.startTime), round(e.duration), e.detail?.kind ?? 0])
  }).observe({ entryTypes: ['gc'] })
  const delay = monitorEventLoopDelay({ resolution: 2 })
  delay.enable()
  setInterval(() => {
    loops.push([
      Math.round(performance.now()),
      round(delay.max / 1e6),
      round((delay.mean || 0) / 1e6),
    ])
    delay.reset()
  }, 100).unref()
  process.on('exit', () => writeFileSync(out, JSON.stringify({ reqs, gcs, loops })))
}
