import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The architecture rules of biome.json (ARCHITECTURE.md, STYLE §12) checked against probe files
// written where a newcomer would put them. One Biome run lints them all (it builds the module
// graph once); each test reads the rules that fired on its probe.
const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const probes = {
  crossFeature: [
    'apps/web/src/features/dashboard/x.ts',
    "import { useCalendar } from '../calendar/api/get-calendar'\nexport const y = useCalendar\n",
  ],
  crossFeatureDeep: [
    'apps/web/src/features/admin/audio/api/x.ts',
    "import { ReportsPage } from '../../../reports/reports-page'\nexport const y = ReportsPage\n",
  ],
  ownFeatureAndShared: [
    'apps/web/src/features/admin/audio/api/y.ts',
    [
      "import { api } from '../../../../lib/api-client'",
      "import { Banner } from '../../../../components/banner'",
      "import { useIdioms } from '../../api/get-idioms'",
      'export const y = [api, Banner, useIdioms]',
      '',
    ].join('\n'),
  ],
  sharedImportsFeature: [
    'apps/web/src/components/x.ts',
    "import { ReportsPage } from '../features/reports/reports-page'\nexport const y = ReportsPage\n",
  ],
  coreImportsNode: [
    'packages/core/src/domain/x.ts',
    "import { readFileSync } from 'node:fs'\nexport const y = readFileSync\n",
  ],
  coreImportsApp: [
    'packages/core/src/domain/y.ts',
    "import { buildApp } from '../../../../apps/server/src/app'\nexport const y = buildApp\n",
  ],
  pluginImportsModule: [
    'apps/server/src/plugins/x.ts',
    "import { createUsersRepo } from '../modules/users/users.repo.js'\nexport const y = createUsersRepo\n",
  ],
  valueImportOfType: [
    'apps/server/src/modules/users/x.ts',
    "import { Role } from '@che/core'\nexport const y = (r: Role) => r\n",
  ],
} as const satisfies Record<string, readonly [string, string]>

const fired = new Map<keyof typeof probes, string[]>()
const probePath = (path: string) => path.replace(/\.ts$/, `.probe-${process.pid}.ts`)

beforeAll(() => {
  for (const [path, code] of Object.values(probes)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, probePath(path)), code)
  }
  const files = Object.values(probes).map(([path]) => probePath(path))
  const run = spawnSync('npx', ['biome', 'lint', '--reporter=github', ...files], {
    cwd: root,
    encoding: 'utf8',
  })
  for (const name of Object.keys(probes) as (keyof typeof probes)[]) {
    const [path] = probes[name]
    const mine = run.stdout
      .split('\n')
      .filter((line) => line.includes(`file=${join(root, probePath(path))},`))
    fired.set(
      name,
      mine.map((line) => /^::error title=([^,]+),/.exec(line)?.[1] ?? line),
    )
  }
})

afterAll(() => {
  for (const [path] of Object.values(probes)) rmSync(join(root, probePath(path)), { force: true })
})

describe('architecture rules', () => {
  it('forbid a web feature importing another feature, at any depth', () => {
    expect(fired.get('crossFeature')).toContain('plugin')
    expect(fired.get('crossFeatureDeep')).toContain('plugin')
  })

  it('let a feature import its own files and shared code', () => {
    expect(fired.get('ownFeatureAndShared')).toEqual([])
  })

  it('forbid shared web code importing a feature', () => {
    expect(fired.get('sharedImportsFeature')).toContain('lint/style/noRestrictedImports')
  })

  it('keep packages/core free of Node built-ins and of the apps', () => {
    expect(fired.get('coreImportsNode')).toContain('lint/correctness/noNodejsModules')
    expect(fired.get('coreImportsApp')).toContain('lint/style/noRestrictedImports')
  })

  it('forbid a server plugin importing a module', () => {
    expect(fired.get('pluginImportsModule')).toContain('lint/style/noRestrictedImports')
  })

  it('ask for import type when only types are imported', () => {
    expect(fired.get('valueImportOfType')).toContain('lint/style/useImportType')
  })
})
