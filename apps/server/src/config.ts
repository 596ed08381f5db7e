import { resolve } from 'node:path'
import { z } from 'zod'

/** An unset or blank variable is undefined. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
const optionalUrl = optionalString.pipe(z.string().url().optional())

/**
 * Every environment variable the server reads, with the defaults that give the embedded,
 * zero-set-up product. README.md lists the same variables.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The address users reach the app at; the embedded issuer lives at PUBLIC_URL/oidc. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Any external OIDC provider instead of the embedded one. */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_AUDIENCE: optionalString,
  /** `at+jwt` (RFC 9068, default): the API accepts only tokens typed as access tokens. */
  OIDC_ACCESS_TOKEN_TYPE: z.enum(['at+jwt', 'any']).default('at+jwt'),
  /** Comma-separated e-mail addresses that are always admins. */
  ADMIN_EMAILS: z.string().default(''),
  /** Signs cookies; generated once and kept in the database when unset. */
  COOKIE_SECRET: optionalString,
  /** Allowed cross-origin callers, comma-separated; same-origin only when empty. */
  CORS_ORIGINS: z.string().default(''),
  /** Directory of the built SPA. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /** Trust X-Forwarded-* headers (client address, protocol, host): only behind a reverse proxy. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Sign-in (and sign-up) attempts allowed per minute, per client address and per e-mail. */
  SIGNIN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** On SIGTERM, ms to keep serving with /readyz at 503 before closing (load balancers move away). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Bearer token /metrics requires; /metrics is open when unset. */
  METRICS_TOKEN: optionalString,
  /** Outgoing mail (password reset, e-mail verification), e.g. smtp://user:pass@host:587. */
  SMTP_URL: optionalUrl,
  /** The From address of outgoing mail. */
  MAIL_FROM: optionalString,
  /** Serve the web app's source maps (*.map) publicly; they stay on disk otherwise. */
  SOURCEMAPS_PUBLIC: z.enum(['true', 'false']).default('false'),
  /** Maximum JSON body size in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** A speech provider: any OpenAI-compatible /v1/audio/speech endpoint… */
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_MODEL: optionalString,
  TTS_VOICE: optionalString,
  /** …or ElevenLabs. espeak-ng speaks when neither is set, and whenever the provider fails. */
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_VOICE_ID: optionalString,
  ELEVENLABS_BASE_URL: optionalUrl,
  /** Bug reports are also filed as issues of GITHUB_REPO (owner/name) when both are set. */
  GITHUB_TOKEN: optionalString,
  GITHUB_REPO: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name')
      .optional(),
  ),
  GITHUB_API_URL: optionalUrl.transform((v) => v ?? 'https://api.github.com'),
  /** Object storage for audio (any S3-compatible service); all five or none. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 of a-z 0-9 . -')
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where the bucket's objects can be read publicly (a CDN or public bucket URL); optional. */
  S3_PUBLIC_URL: optionalUrl,
})

export type Env = z.input<typeof EnvSchema>

export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  logLevel: string
  oidc: {
    /** True when this server runs the embedded provider at /oidc. */
    embedded: boolean
    issuer: string
    clientId: string
    audience: string
    /** 'at+jwt': bearer tokens must carry the JWT header typ at+jwt (RFC 9068). */
    accessTokenType: 'at+jwt' | 'any'
  }
  adminEmails: string[]
  /** Outgoing mail; undefined = no mail (reset by `npm run users -- reset-password`). */
  smtp: { url: string; from: string } | undefined
  /** Serve *.map files of the web app (default: kept on disk only). */
  sourcemapsPublic: boolean
  cookieSecret: string | undefined
  corsOrigins: string[]
  webDist: string
  bodyLimit: number
  shutdownDrainMs: number
  metricsToken: string | undefined
  trustProxy: boolean
  /** Embedded provider: sign-in and sign-up attempts per minute per address (and per e-mail). */
  signInLimitPerMinute: number
  llm: { baseUrl: string; apiKey: string | undefined; model: string } | undefined
  /** A neural voice for examples without a recording; undefined = espeak-ng only. */
  speech: SpeechConfig | undefined
  /** Where bug reports are filed as GitHub issues; undefined = stored only. */
  github: { token: string; repo: string; apiUrl: string } | undefined
  /** Audio in an S3-compatible bucket instead of DATA_DIR/audio; absent = the local folder. */
  s3?: S3Config
}

export type SpeechConfig =
  | {
      provider: 'openai'
      baseUrl: string
      apiKey: string | undefined
      model: string
      voice: string
    }
  | { provider: 'elevenlabs'; apiKey: string; voiceId: string; baseUrl: string }

export interface S3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Public base URL of the bucket's objects (no trailing slash), when there is one. */
  publicUrl: string | undefined
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

export class ConfigError extends Error {}

/** Parse the environment; throws one error that lists every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')} (${i.message})`)
    throw new ConfigError(`Invalid env: ${lines.join(', ')}`)
  }
  const e = parsed.data
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const external = e.OIDC_ISSUER !== undefined
  if (external && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid env: OIDC_CLIENT_ID (Required when OIDC_ISSUER is set)')
  }
  if ((e.LLM_BASE_URL === undefined) !== (e.LLM_MODEL === undefined)) {
    throw new ConfigError('Invalid env: LLM_BASE_URL and LLM_MODEL go together')
  }
  const s3 = s3Config(e)
  const speech = speechConfig(e)
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    oidc: {
      embedded: !external,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, ''),
      clientId: e.OIDC_CLIENT_ID ?? 'che-idioms-web',
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      accessTokenType: e.OIDC_ACCESS_TOKEN_TYPE,
    },
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.MAIL_FROM ?? `Che Idioms <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : undefined,
    sourcemapsPublic: e.SOURCEMAPS_PUBLIC === 'true',
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    cookieSecret: e.COOKIE_SECRET,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: resolve(e.WEB_DIST),
    bodyLimit: e.BODY_LIMIT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY === 'true',
    signInLimitPerMinute: e.SIGNIN_LIMIT_PER_MINUTE,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
    speech,
    github:
      e.GITHUB_TOKEN && e.GITHUB_REPO
        ? {
            token: e.GITHUB_TOKEN,
            repo: e.GITHUB_REPO,
            apiUrl: e.GITHUB_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    ...(s3 ? { s3 } : {}),
  }
}

/** The S3_* variables: all five required ones or none (S3_PUBLIC_URL needs the others too). */
function s3Config(e: z.output<typeof EnvSchema>): S3Config | undefined {
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined)
  if (missing.length === S3_REQUIRED.length) {
    if (e.S3_PUBLIC_URL !== undefined) {
      throw new ConfigError(`Invalid env: S3_PUBLIC_URL needs ${S3_REQUIRED.join(', ')}`)
    }
    return undefined
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid env: ${missing.map((name) => `${name} (Required when any S3_* variable is set)`).join(', ')}`,
    )
  }
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  }
}

/** TTS_* (an OpenAI-compatible speech endpoint) or ELEVENLABS_*, not both. */
function speechConfig(e: z.output<typeof EnvSchema>): SpeechConfig | undefined {
  const openai = e.TTS_BASE_URL !== undefined
  const eleven = e.ELEVENLABS_API_KEY !== undefined || e.ELEVENLABS_VOICE_ID !== undefined
  if (openai && eleven) {
    throw new ConfigError(
      'Invalid env: TTS_BASE_URL and ELEVENLABS_* both set (configure one speech provider)',
    )
  }
  if (!openai && (e.TTS_API_KEY || e.TTS_MODEL || e.TTS_VOICE)) {
    throw new ConfigError('Invalid env: TTS_BASE_URL (Required when any TTS_* variable is set)')
  }
  if (openai) {
    return {
      provider: 'openai',
      baseUrl: e.TTS_BASE_URL!.replace(/\/+$/, ''),
      apiKey: e.TTS_API_KEY,
      model: e.TTS_MODEL ?? 'tts-1',
      voice: e.TTS_VOICE ?? 'nova',
    }
  }
  if (eleven) {
    if (!e.ELEVENLABS_API_KEY || !e.ELEVENLABS_VOICE_ID) {
      throw new ConfigError('Invalid env: ELEVENLABS_API_KEY and ELEVENLABS_VOICE_ID go together')
    }
    return {
      provider: 'elevenlabs',
      apiKey: e.ELEVENLABS_API_KEY,
      voiceId: e.ELEVENLABS_VOICE_ID,
      baseUrl: (e.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io').replace(/\/+$/, ''),
    }
  }
  if (e.ELEVENLABS_BASE_URL !== undefined) {
    throw new ConfigError('Invalid env: ELEVENLABS_BASE_URL needs ELEVENLABS_API_KEY')
  }
  return undefined
}
