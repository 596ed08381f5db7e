import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { unauthenticated } from '../../errors.js'
import { registerEndpoint, type Caller } from '../../plugins/contract.js'
import { maxUploadBytes, readMultipart, type MultipartBody } from '../../plugins/multipart.js'
import type { Viewer } from './editor.service.js'

function viewerOf(caller: Caller | undefined): Viewer {
  if (!caller?.user) throw unauthenticated('Sign in again to continue')
  return { userId: caller.user.id, role: caller.role }
}

/** Form fields with blank values dropped: an empty optional input means "not given". */
function givenFields(body: MultipartBody): Record<string, string> {
  return Object.fromEntries(Object.entries(body.fields).filter(([, v]) => v.trim() !== ''))
}

/**
 * The editors' audio workflow (spec §4 Assignment: assign → fulfil → publish) and the admin's
 * direct example upload. Uploads are read whole up to the settings' maxUploadBytes (413 past it).
 */
export function registerEditorRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const editor = ctx.services.editor
  const upload = async (request: Parameters<typeof readMultipart>[0]) =>
    readMultipart(request, {
      maxFileBytes: maxUploadBytes(await ctx.services.settings.all()),
      maxFiles: 1,
    })

  registerEndpoint(app, contract, api.editorsList, () => editor.editors())
  registerEndpoint(app, contract, api.editorAssignmentReports, ({ body, caller }) =>
    editor.reports(viewerOf(caller), body.editor),
  )
  registerEndpoint(app, contract, api.editorAssign, ({ body }) => editor.assign(body))
  registerEndpoint(app, contract, api.editorFulfill, async ({ request, caller }) => {
    const viewer = viewerOf(caller)
    const form = await upload(request)
    const input = api.editorFulfill.body!.parse(givenFields(form))
    return editor.fulfil(viewer, input, form.files[0]?.bytes)
  })
  registerEndpoint(app, contract, api.editorPublish, ({ body }) => editor.publish(body))
  registerEndpoint(app, contract, api.adminExampleAudio, async ({ request }) => {
    const form = await upload(request)
    const { exampleId } = api.adminExampleAudio.body!.parse(givenFields(form))
    return editor.attachExampleAudio(exampleId, form.files[0]?.bytes)
  })
}
