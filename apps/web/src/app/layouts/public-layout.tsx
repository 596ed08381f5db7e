import { Outlet } from 'react-router'

/** Landing, About, Licences and Help: open to everyone (spec §2). */
export function PublicLayout() {
  return <Outlet />
}
