import { Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { Banner } from '../../components/banner'
import { errorMessage } from '../../lib/api-client'
import { useVerifyBeta } from './api/verify-beta'

export function BetaPrompt() {
  const [password, setPassword] = useState('')
  const verify = useVerifyBeta()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password.trim()) return
    verify.mutate(password)
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={460} mx="auto" mt="xl">
      <form onSubmit={submit} aria-labelledby="beta-title">
        <Stack gap="md">
          <Title order={1} id="beta-title" fz="h2">
            Private beta
          </Title>
          <Text>
            Che Idioms is in a closed beta for now. Enter the beta password you were given to
            continue.
          </Text>
          <PasswordInput
            label="Beta password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
            maxLength={500}
          />
          <Banner
            type="error"
            message={
              verify.isError
                ? errorMessage(verify.error, 'The password could not be checked.')
                : null
            }
          />
          <Button type="submit" loading={verify.isPending} disabled={!password.trim()}>
            Continue
          </Button>
          <Text size="sm" c="dimmed">
            Curious what this is? Read{' '}
            <Anchor component={Link} to="/about">
              about the project
            </Anchor>{' '}
            or its{' '}
            <Anchor component={Link} to="/license">
              licences
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </Paper>
  )
}
