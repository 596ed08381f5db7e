import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { maxUploadBytes, readMultipart } from '../../plugins/multipart.js'

export function registerImportRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const imports = ctx.services.imports
  registerEndpoint(app, contract, api.adminIdiomsValidate, async ({ request }) => {
    const limit = maxUploadBytes(await ctx.services.settings.all())
    const { files } = await readMultipart(request, { maxFileBytes: limit, maxFiles: 1 })
    return imports.validateCsv(files[0])
  })
  registerEndpoint(app, contract, api.adminIdiomsCreate, ({ body }) => imports.createMany(body.idioms))
}
