import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { maxUploadBytes, readMultipart } from '../../plugins/multipart.js'

/** A batch of up to 20,000 rows is well over the default 1 MiB JSON limit. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024

export function registerImportRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const imports = ctx.services.imports
  registerEndpoint(app, contract, api.adminIdiomsValidate, async ({ request }) => {
    const limit = maxUploadBytes(await ctx.services.settings.all())
    const { files } = await readMultipart(request, { maxFileBytes: limit, maxFiles: 1 })
    return imports.validateCsv(files[0])
  })
  app.addHook('onRoute', (route) => {
    if (route.url === api.adminIdiomsCreate.path && route.method === api.adminIdiomsCreate.method) {
      route.bodyLimit = Math.max(route.bodyLimit ?? 0, BATCH_BODY_LIMIT)
    }
  })
  registerEndpoint(app, contract, api.adminIdiomsCreate, ({ body }) =>
    imports.createMany(body.idioms),
  )
}
