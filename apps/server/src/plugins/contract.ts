import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { allows, type Endpoint, type Role } from '@che/core'
import { AppError, forbidden, notImplemented, unauthenticated } from '../errors.js'
import type { users } from '../db/schema.js'
import { bearerToken, type Principal } from './auth.js'
import { assertNoControlCharacters } from './text-guard.js'

/**
 * Who is calling: the verified token and, once synced, the user row. The row's type comes from
 * the table, not from the users module: modules depend on plugins, never the other way round.
 */
export interface Caller {
  principal: Principal
  user: typeof users.$inferSelect | undefined
  role: Role
}

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined

export interface HandlerInput<E extends Endpoint> {
  body: Out<E['body']>
  query: Out<E['query']>
  params: Out<E['params']>
  caller: Caller | undefined
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * A reply whose JSON is already written as UTF-8 bytes (the same text Fastify's JSON.stringify
 * would send): sent as they are, `application/json; charset=utf-8` (decision 050, session 17; 069).
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<Out<E['response']> | JsonBytes> | Out<E['response']> | JsonBytes

export interface ContractDeps {
  /**
   * `early`, when given, is told the id this instance last knew for the token's subject as soon
   * as the token is verified, before the caller is checked (decision 050): work it starts runs
   * beside that check instead of after it, and must be dropped when the caller turns out to be
   * someone else or is refused.
   */
  resolveCaller(
    request: FastifyRequest,
    token: string,
    early?: (userId: string) => void,
  ): Promise<Caller>
  /** Throws BETA_REQUIRED when the beta gate is on and the request has not passed it. */
  checkBeta(request: FastifyRequest, caller: Caller): Promise<void>
}

/**
 * Register one contract endpoint. Order of checks: the caller (401), the role guard (403),
 * the beta gate, then input validation (400: control characters anywhere, then the schemas) — so
 * the guard answers the same whatever the input.
 * Without a handler the endpoint is declared but not built yet and answers 501 NOT_IMPLEMENTED
 * after its guard.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: ContractDeps,
  endpoint: E,
  handler?: Handler<E>,
  options: {
    rateLimit?: { max: number; timeWindow: string }
    /** Passed to `resolveCaller` (see ContractDeps): starts work that only needs the user id. */
    early?: (request: FastifyRequest, userId: string) => void
  } = {},
): void {
  const { early } = options
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    handler: async (request, reply) => {
      let caller: Caller | undefined
      let token: string | undefined
      try {
        token = bearerToken(request)
      } catch (err) {
        if (endpoint.access !== 'public') throw err
      }
      if (token) {
        try {
          caller = await deps.resolveCaller(
            request,
            token,
            early && ((userId) => early(request, userId)),
          )
        } catch (err) {
          // A stale token on a public page is just an anonymous visit.
          if (endpoint.access !== 'public' || !(err instanceof AppError)) throw err
        }
      }
      if (endpoint.access !== 'public') {
        if (!caller) throw unauthenticated()
        if (!allows(endpoint.access, caller.role)) throw forbidden()
        await deps.checkBeta(request, caller)
      }
      if (!handler) throw notImplemented(`${endpoint.method} ${endpoint.path}`)
      assertNoControlCharacters([
        { part: 'body', value: endpoint.multipart ? undefined : request.body },
        { part: 'query', value: request.query },
        { part: 'params', value: request.params },
      ])
      const input = {
        body:
          endpoint.body && !endpoint.multipart
            ? endpoint.body.parse(request.body ?? undefined)
            : undefined,
        query: endpoint.query ? endpoint.query.parse(request.query ?? {}) : undefined,
        params: endpoint.params ? endpoint.params.parse(request.params ?? {}) : undefined,
        caller,
        request,
        reply,
      } as HandlerInput<E>
      const result = await handler(input)
      if (!(result instanceof JsonBytes)) return result
      reply.type('application/json; charset=utf-8')
      return result.bytes
    },
  })
}
