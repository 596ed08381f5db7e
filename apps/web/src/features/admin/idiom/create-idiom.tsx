import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { Idiom } from '@che/core'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Banner } from '../../../components/banner'
import { useCreateIdiom } from '../api/create-idiom'
import { IdiomForm, saveErrorMessage } from './idiom-form'

export const ADD_EXAMPLE_QUESTION = 'Idiom saved. Add an example?'

/**
 * The new-idiom form; after a save it asks 'Idiom saved. Add an example?' and on confirm goes to
 * /admin/example/{idiomId} (spec §4). Used by /admin/idiom and the list's create popup.
 */
export function CreateIdiom({ onCancel, onDone }: { onCancel?: () => void; onDone?: () => void }) {
  const create = useCreateIdiom()
  const navigate = useNavigate()
  const [saved, setSaved] = useState<Idiom | null>(null)
  const [asking, setAsking] = useState(false)
  // A fresh form after each save.
  const [formKey, setFormKey] = useState(0)

  return (
    <Stack gap="md">
      {saved && !asking ? (
        <Banner
          message={
            <>
              Idiom “{saved.text}” saved.{' '}
              <Anchor component={Link} to={`/admin/idioms/${saved.idiomId}`}>
                Open it
              </Anchor>
            </>
          }
          onClose={() => setSaved(null)}
        />
      ) : null}
      <IdiomForm
        key={formKey}
        submitLabel="Create idiom"
        saving={create.isPending}
        error={create.isError ? saveErrorMessage(create.error) : null}
        onCancel={onCancel}
        onSubmit={(fields) =>
          create.mutate(fields, {
            onSuccess: (idiom) => {
              setSaved(idiom)
              setAsking(true)
              setFormKey((k) => k + 1)
            },
          })
        }
      />
      <Modal
        opened={asking}
        onClose={() => {
          setAsking(false)
          onDone?.()
        }}
        title={ADD_EXAMPLE_QUESTION}
        centered
      >
        <Stack gap="md">
          {saved ? (
            <Text>“{saved.text}” is saved. Learners only practise idioms that have examples.</Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setAsking(false)
                onDone?.()
              }}
            >
              Not now
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                setAsking(false)
                if (saved) navigate(`/admin/example/${saved.idiomId}`)
              }}
            >
              Add example
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
