import { Burger, Button, Divider, Drawer, Menu, NavLink, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Fragment } from 'react'
import { Link, useLocation } from 'react-router'
import { menuGroups } from './nav-items'
import type { Viewer } from './nav-items'

export interface NavMenuProps {
  viewer: Viewer
  onLogout: () => void
  /** Dropdown on wide screens, a plain list in a drawer on narrow ones (spec §2). */
  layout: 'dropdown' | 'list'
}

export function NavMenu({ viewer, onLogout, layout }: NavMenuProps) {
  const groups = menuGroups(viewer)
  return layout === 'dropdown' ? (
    <DropdownMenu groups={groups} onLogout={onLogout} />
  ) : (
    <ListMenu groups={groups} onLogout={onLogout} />
  )
}

type GroupsProps = { groups: ReturnType<typeof menuGroups>; onLogout: () => void }

function DropdownMenu({ groups, onLogout }: GroupsProps) {
  return (
    <Menu position="bottom-end" width={240} shadow="md" closeOnItemClick>
      <Menu.Target>
        <Button variant="default" aria-label="Menu">
          Menu
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Navigation">
        {groups.map((group, index) => (
          <Fragment key={index}>
            {index > 0 ? <Menu.Divider /> : null}
            {group.map((item) =>
              item.kind === 'link' ? (
                <Menu.Item key={item.to} component={Link} to={item.to}>
                  {item.label}
                </Menu.Item>
              ) : (
                <Menu.Item key="logout" color="red" onClick={onLogout}>
                  {item.label}
                </Menu.Item>
              ),
            )}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

function ListMenu({ groups, onLogout }: GroupsProps) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()
  return (
    <>
      <Burger opened={opened} onClick={toggle} aria-label="Menu" aria-expanded={opened} size="sm" />
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        title="Menu"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <nav aria-label="Navigation">
          <Stack gap={0}>
            {groups.map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? <Divider my="xs" /> : null}
                {group.map((item) =>
                  item.kind === 'link' ? (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={item.label}
                      active={pathname === item.to}
                      onClick={close}
                    />
                  ) : (
                    <NavLink
                      key="logout"
                      component="button"
                      label={item.label}
                      c="red"
                      onClick={() => {
                        close()
                        onLogout()
                      }}
                    />
                  ),
                )}
              </Fragment>
            ))}
          </Stack>
        </nav>
      </Drawer>
    </>
  )
}
