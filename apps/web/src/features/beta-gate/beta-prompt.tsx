import { Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { api } from '@che/core'
import { Link } from 'react-router'
import { Banner } from '../../components/banner'
import { bodySchema, contractResolver, errorAboveButton, fieldErrorsFrom } from '../../lib/form'
import { useVerifyBeta } from './api/verify-beta'

/** The password is checked with the contract's betaVerify body before it is sent. */
export function BetaPrompt() {
  const verify = useVerifyBeta()
  const form = useForm({
    initialValues: { password: '' },
    validate: contractResolver(bodySchema(api.betaVerify)),
  })
  const submit = form.onSubmit(({ password }) =>
    verify.mutate(password, { onError: (error) => form.setErrors(fieldErrorsFrom(error)) }),
  )

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={460} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate aria-labelledby="beta-title">
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
            autoComplete="current-password"
            {...form.getInputProps('password')}
            required
          />
          <Banner
            type="error"
            message={errorAboveButton(verify.error, 'The password could not be checked.')}
          />
          <Button type="submit" loading={verify.isPending} disabled={!form.values.password.trim()}>
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
