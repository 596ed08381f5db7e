import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { maxUploadBytes, readMultipart } from '../../plugins/multipart.js'

export function registerExamplesRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const examples = ctx.services.examples
  registerEndpoint(app, contract, api.examplesOfIdiom, ({ params }) => examples.ofIdiom(params.id))
  registerEndpoint(app, contract, api.exampleGet, ({ params }) => examples.get(params.id))
  registerEndpoint(app, contract, api.adminExampleCreate, ({ body }) => examples.create(body))
  registerEndpoint(app, contract, api.exampleUpdate, async ({ params, request }) => {
    const limit = maxUploadBytes(await ctx.services.settings.all())
    const { fields, files } = await readMultipart(request, { maxFileBytes: limit, maxFiles: 1 })
    const edit = api.exampleUpdate.body!.parse(fields)
    return examples.update(params.id, edit, files[0]?.bytes)
  })
}
