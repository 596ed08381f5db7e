import type { Role } from '@che/core'

export type NavItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'logout'; label: 'Logout' }

export interface Viewer {
  authenticated: boolean
  role?: Role | undefined
}

const link = (label: string, to: string): NavItem => ({ kind: 'link', label, to })

/** The navigation menu's groups for a viewer (spec §2); separators go between groups. */
export function menuGroups({ authenticated, role }: Viewer): NavItem[][] {
  const groups: NavItem[][] = []
  if (authenticated) groups.push([link('Dashboard', '/app/dashboard')])
  if (authenticated && (role === 'editor' || role === 'admin')) {
    groups.push([link('Upload Audio', '/editor/manage')])
  }
  if (authenticated && role === 'admin') {
    groups.push([
      link('Idioms', '/admin/idioms'),
      link('Import Idioms (CSV)', '/admin/import'),
      link('Create Idiom', '/admin/idiom'),
      link('Create Example', '/admin/example'),
      link('Manage Assignments', '/admin/audio'),
      link('Settings', '/admin/settings'),
      link('Prompts', '/admin/prompts'),
      link('Reset Caches', '/admin/resetcache'),
    ])
  }
  groups.push([
    link('About', '/about'),
    link('Licenses / Credit', '/license'),
    link('Help / Support (Chat)', '/chat'),
    link('Report Bugs', '/app/bugreport'),
  ])
  if (authenticated) groups.push([{ kind: 'logout', label: 'Logout' }])
  return groups
}
