import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createDocument, type oas31, type ZodOpenApiOperationObject } from 'zod-openapi'
import { api, type Endpoint } from '@che/core'

/** Where the document and its browsable page are served (outside the contract table). */
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'

const ErrorBody = z
  .object({
    code: z.string().meta({ description: 'Stable, SCREAMING_SNAKE error code' }),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error', description: 'Every error answer has this flat body (STYLE §6).' })

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
})

/** `:id` → `{id}`; the audio wildcard `*` is the storage key. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{key}')
}

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user (learner, editor or admin).',
  editor: 'Editors and admins.',
  admin: 'Admins only.',
}

function operation(name: string, e: Endpoint): ZodOpenApiOperationObject {
  const isAudio = e === api.audioGet
  const pathParams = isAudio ? z.object({ key: z.string() }) : e.params
  const op: ZodOpenApiOperationObject = {
    operationId: name,
    summary: e.summary,
    description: `Access: ${ACCESS_TEXT[e.access]}`,
    'x-access': e.access,
    ...(e.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    requestParams: {
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(pathParams ? { path: pathParams as z.ZodObject } : {}),
    },
    responses: {
      '200': isAudio
        ? {
            description: 'The audio bytes (206 with a Range request)',
            content: { 'audio/*': { schema: z.string().meta({ format: 'binary' }) } },
          }
        : { description: 'Success', content: { 'application/json': { schema: e.response } } },
      '400': errorResponse('VALIDATION_FAILED: the input does not match the schema'),
      ...(e.access === 'public'
        ? {}
        : {
            '401': errorResponse('UNAUTHENTICATED: no valid bearer token'),
            '403': errorResponse('FORBIDDEN (role) or BETA_REQUIRED (beta gate)'),
          }),
    },
  }
  if (e.body) {
    op.requestBody = e.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: (e.body as z.ZodObject).extend({
                file: z
                  .string()
                  .meta({ format: 'binary', description: 'The uploaded file (one)' })
                  .optional(),
              }),
            },
          },
        }
      : { required: true, content: { 'application/json': { schema: e.body } } }
  }
  return op
}

/** The OpenAPI 3.1 document of the whole API, generated from the contract table in core. */
export function createOpenApiDocument(serverUrl?: string): oas31.OpenAPIObject {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {}
  for (const [name, e] of Object.entries(api) as [string, Endpoint][]) {
    const path = openApiPath(e.path)
    paths[path] ??= {}
    paths[path][e.method.toLowerCase()] = operation(name, e)
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Che Idioms API',
      version: '1',
      description:
        'Generated from the contract table (packages/core/src/contract/api.ts). Send the access ' +
        'token of the OpenID Connect provider as `Authorization: Bearer <token>`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  })
}

/**
 * GET /api/openapi.json (the document) and /api/docs (Swagger UI reading it). Both describe the
 * API only — no data — so they are served like the SPA, to anyone; every call tried from the
 * page goes through the same role guard as any other (docs/decisions/034-openapi-from-the-contract.md).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const document = createOpenApiDocument()
  await app.register(swagger, { mode: 'static', specification: { document: document as never } })
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  )
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { deepLinking: true },
  })
}
