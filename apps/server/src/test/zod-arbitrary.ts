// fast-check values shaped by a zod schema of the contract, for property-based API tests.
import fc from 'fast-check'
import type { z } from 'zod'

/** Strings an attacker or a broken client would send: control characters, huge, blank, odd. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007bell',
    '\u001b[31mred',
    '\ud800',
    "'; drop table users; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(5_000),
  ),
)

type Def = { type: string } & Record<string, unknown>
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/**
 * Mostly well-shaped values (so requests get past the shape checks and reach the code behind
 * them) with hostile strings, numbers out of range, missing and wrong-typed fields mixed in.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
    hostileString,
    fc.constant([]),
    fc.constant({}),
  )
  const shaped = shapedFor(schema, depth)
  return depth > 4
    ? shaped
    : fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: wrong })
}

function shapedFor(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  const s = schema as unknown as {
    format?: string | null
    maxLength?: number | null
    minValue?: number | null
    maxValue?: number | null
    isInt?: boolean
  }
  switch (def.type) {
    case 'string': {
      if (s.format === 'uuid') return fc.oneof(fc.uuid(), hostileString)
      const max = s.maxLength ?? 200
      return fc.oneof(
        hostileString,
        fc.string({ maxLength: Math.min(max, 200) }),
        fc.string({ minLength: max + 1, maxLength: max + 2 }),
      )
    }
    case 'number': {
      const min = s.minValue ?? -1_000
      const max = s.maxValue ?? 1_000
      return fc.oneof(
        s.isInt ? fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }) : fc.double(),
        fc.constantFrom(min - 1, max + 1, 0, -1, 1.5, Number.MAX_SAFE_INTEGER),
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.oneof(fc.constantFrom(...(def.values as unknown[])), hostileString)
    case 'enum':
      return fc.oneof(
        fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)),
        hostileString,
      )
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, depth), { nil: undefined })
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, depth), { nil: null })
    case 'pipe':
      return arbitraryFor(def.in as z.ZodType, depth)
    case 'array':
      return fc.array(arbitraryFor(def.element as z.ZodType, depth + 1), { maxLength: 4 })
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 20 }), hostileString),
        arbitraryFor(def.valueType as z.ZodType, depth + 1),
        { maxKeys: 4 },
      )
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFor(o, depth)))
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]),
      )
      return fc.oneof(fc.record(model), fc.record(model, { requiredKeys: [] }))
    }
    default:
      // unknown, any and the rest: any JSON at all.
      return fc.jsonValue({ maxDepth: 2 })
  }
}
