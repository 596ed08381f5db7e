import { Anchor, Stack, Table, Text, Title } from '@mantine/core'

const CREDITS: Array<{ name: string; url: string; use: string; licence: string }> = [
  { name: 'React', url: 'https://react.dev', use: 'User interface', licence: 'MIT' },
  { name: 'Vite', url: 'https://vite.dev', use: 'Front-end build', licence: 'MIT' },
  { name: 'Mantine', url: 'https://mantine.dev', use: 'UI components', licence: 'MIT' },
  {
    name: 'TanStack Query',
    url: 'https://tanstack.com/query',
    use: 'Data fetching and caching',
    licence: 'MIT',
  },
  { name: 'React Router', url: 'https://reactrouter.com', use: 'Routing', licence: 'MIT' },
  {
    name: 'oidc-client-ts',
    url: 'https://github.com/authts/oidc-client-ts',
    use: 'Sign-in (OpenID Connect)',
    licence: 'Apache-2.0',
  },
  { name: 'Fastify', url: 'https://fastify.dev', use: 'API server', licence: 'MIT' },
  {
    name: 'oidc-provider',
    url: 'https://github.com/panva/node-oidc-provider',
    use: 'Built-in identity provider',
    licence: 'MIT',
  },
  { name: 'jose', url: 'https://github.com/panva/jose', use: 'Token verification', licence: 'MIT' },
  {
    name: 'Drizzle ORM',
    url: 'https://orm.drizzle.team',
    use: 'Database access',
    licence: 'Apache-2.0',
  },
  {
    name: 'PGlite',
    url: 'https://pglite.dev',
    use: 'Embedded database',
    licence: 'Apache-2.0 / PostgreSQL',
  },
  { name: 'PostgreSQL', url: 'https://www.postgresql.org', use: 'Database', licence: 'PostgreSQL' },
  {
    name: 'ts-fsrs (FSRS)',
    url: 'https://github.com/open-spaced-repetition/ts-fsrs',
    use: 'Spaced-review scheduling',
    licence: 'MIT',
  },
  { name: 'zod', url: 'https://zod.dev', use: 'Data validation', licence: 'MIT' },
  {
    name: 'espeak-ng',
    url: 'https://github.com/espeak-ng/espeak-ng',
    use: 'Offline speech synthesis, run as a separate program',
    licence: 'GPL-3.0',
  },
  { name: 'papaparse', url: 'https://www.papaparse.com', use: 'CSV import', licence: 'MIT' },
]

export function LicensePage() {
  return (
    <Stack gap="lg" maw={820} mx="auto" py="md">
      <Title order={1}>Licenses / Credit</Title>

      <Title order={2}>Content</Title>
      <Text>
        The idioms, example sentences, translations, transcriptions and recordings in Che Idioms are
        licensed under the{' '}
        <Anchor
          href="https://creativecommons.org/licenses/by-sa/4.0/"
          target="_blank"
          rel="noreferrer"
        >
          Creative Commons Attribution-ShareAlike 4.0 International licence (CC BY-SA 4.0)
        </Anchor>
        . You may share and adapt them for any purpose, provided you give credit to “Che Idioms
        contributors”, indicate whether changes were made, and share your adaptations under the same
        licence.
      </Text>

      <Title order={2}>Code</Title>
      <Text>
        The source code of Che Idioms is free software under the{' '}
        <Anchor href="https://opensource.org/license/mit" target="_blank" rel="noreferrer">
          MIT licence
        </Anchor>
        , © Che Idioms contributors: you may use, copy, modify and share it, keeping the copyright
        and licence notice. espeak-ng, which speaks the examples that have no recording yet, is
        GPL-3.0-or-later and runs as a separate program beside the server.
      </Text>

      <Title order={2}>Credits</Title>
      <Text>Che Idioms is built on the work of these open-source projects. Thank you.</Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Project</Table.Th>
              <Table.Th scope="col">Used for</Table.Th>
              <Table.Th scope="col">Licence</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CREDITS.map((credit) => (
              <Table.Tr key={credit.name}>
                <Table.Td>
                  <Anchor href={credit.url} target="_blank" rel="noreferrer">
                    {credit.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{credit.use}</Table.Td>
                <Table.Td>{credit.licence}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        espeak-ng is not linked into Che Idioms: the server runs it as a separate program to read
        examples aloud offline, so its GPL-3.0 licence applies to espeak-ng itself.
      </Text>
    </Stack>
  )
}
