import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'

export function AboutPage() {
  return (
    <Stack gap="lg" maw={720} mx="auto" py="md">
      <Title order={1}>About Che Idioms</Title>
      <Text>
        Che Idioms is a web app for learners of Spanish who want to understand the Spanish of the
        Rio de la Plata: the way people talk in Buenos Aires, Montevideo and the towns around them.
        Textbooks rarely teach its idioms, its voseo or its lunfardo, yet you hear them in every
        conversation, song and series.
      </Text>

      <Title order={2}>How it works</Title>
      <List type="ordered" spacing="xs">
        <List.Item>You hear a sentence that contains an idiom, or read it as an example.</List.Item>
        <List.Item>You type what you heard in Spanish, and what it means in English.</List.Item>
        <List.Item>
          The app evaluates both, tells you what you missed and explains the idiom.
        </List.Item>
        <List.Item>
          A spaced-review calendar schedules each idiom again: soon if it was hard, later if it was
          easy.
        </List.Item>
        <List.Item>
          When your calendar is clear, the Playroom lets you drill the words you misheard, with no
          score.
        </List.Item>
      </List>
      <Text>
        You can choose how common the idioms should be and which tone you want to practise, from
        casual talk to street slang and official language. Progress reports point out patterns in
        your mistakes and suggest strategies.
      </Text>

      <Title order={2}>Who it is for</Title>
      <Text>
        Intermediate learners who can follow standard Spanish but get lost when porteños and
        uruguayos speak among themselves; travellers and new residents; and teachers looking for
        authentic listening practice.
      </Text>

      <Title order={2}>Who makes it</Title>
      <Text>
        Editors record the audio and check the transcriptions of the idioms assigned to them;
        administrators curate the idioms and examples. The curated content is shared under a
        Creative Commons licence.
      </Text>

      <Title order={2}>Open source</Title>
      <Text>
        Che Idioms is open source: the code is free software under the MIT licence, and anyone can
        run their own copy, including offline with its built-in sign-in, database and speech
        synthesis. See{' '}
        <Anchor component={Link} to="/license">
          Licenses / Credit
        </Anchor>{' '}
        for the details and the projects it builds on.
      </Text>
    </Stack>
  )
}
