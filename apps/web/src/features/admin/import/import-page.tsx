import {
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { idiomKey } from '@che/core'
import { useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Banner } from '../../../components/banner'
import type { BannerType } from '../../../components/banner'
import { QueryState } from '../../../components/query-state'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { BATCH_CREATE_FALLBACK_ERROR, BatchSaveError, useCreateIdioms } from '../api/create-idioms'
import type { SaveTotals } from '../api/create-idioms'
import { IDIOMS_FALLBACK_ERROR, useIdioms } from '../api/get-idioms'
import type { IdiomRow } from '../api/get-idioms'
import { useValidateIdioms, VALIDATE_FALLBACK_ERROR } from '../api/validate-idioms'
import { buildReview, rowsToSave, saveSummary } from './csv-review'
import type { Review, RowError } from './csv-review'
import { ImportReview } from './import-review'
import { parseCsvFile } from './parse-csv'

type Phase =
  | { name: 'choose' }
  | { name: 'parsing'; progress: number }
  | { name: 'review'; review: Review }
  | { name: 'saving'; review: Review; done: number }
  | { name: 'saved'; review: Review; totals: SaveTotals; failure?: string }

interface Message {
  type: BannerType
  text: string
  detail?: string
}

/** /admin/import: choose a CSV file, parse and review it, save it (spec §4 idiom import). */
export function ImportPage() {
  const idioms = useIdioms()
  return (
    <Stack gap="md">
      <Title order={1}>Import Idioms (CSV)</Title>
      <QueryState query={idioms} errorFallback={IDIOMS_FALLBACK_ERROR}>
        {(rows) => <Importer existing={rows} />}
      </QueryState>
    </Stack>
  )
}

function Importer({ existing }: { existing: IdiomRow[] }) {
  const [file, setFile] = useState<File | null>(null)
  const [phase, setPhase] = useState<Phase>({ name: 'choose' })
  const [message, setMessage] = useState<Message | null>(null)
  const [resetKey, setResetKey] = useState(0)
  const validate = useValidateIdioms()
  const createIdioms = useCreateIdioms()
  const existingKeys = useMemo(() => new Set(existing.map((i) => idiomKey(i.text))), [existing])
  // A newer parse (or a reset) makes an older one's result irrelevant.
  const run = useRef(0)

  function reset() {
    run.current += 1
    setFile(null)
    setPhase({ name: 'choose' })
    setMessage(null)
    setResetKey((k) => k + 1)
    validate.reset()
    createIdioms.reset()
  }

  async function parse() {
    setMessage(null)
    if (!file) return setMessage({ type: 'error', text: 'Please select a CSV file first' })
    if (!/\.csv$/i.test(file.name))
      return setMessage({ type: 'error', text: 'Only CSV files are supported' })
    const mine = ++run.current
    setPhase({ name: 'parsing', progress: 0 })
    try {
      // The browser's parse drives the review; the server's validation runs alongside it.
      const serverCheck = validate.mutateAsync(file).then(
        (result) => ({ ok: true as const, errors: result.errors }),
        (error: unknown) => ({ ok: false as const, error }),
      )
      const parsed = await parseCsvFile(file, (progress) => {
        if (run.current === mine) setPhase({ name: 'parsing', progress })
      })
      if (run.current !== mine) return
      if (parsed.missing.length > 0) {
        setPhase({ name: 'choose' })
        return setMessage({
          type: 'error',
          text: `CSV parsing errors: the header row has no ${parsed.missing.join(', ')} column${parsed.missing.length > 1 ? 's' : ''}`,
        })
      }
      const server = await serverCheck
      if (run.current !== mine) return
      if (!server.ok) {
        setPhase({ name: 'choose' })
        return setMessage({
          type: 'error',
          text: errorMessage(server.error, VALIDATE_FALLBACK_ERROR),
        })
      }
      const review = buildReview(parsed.rows, existingKeys, server.errors as RowError[])
      if (parsed.problems.length > 0) {
        setMessage({
          type: 'warning',
          text: `CSV parsing errors: ${parsed.problems.slice(0, 5).join('; ')}${parsed.problems.length > 5 ? `; and ${parsed.problems.length - 5} more` : ''}`,
        })
      } else if (review.counts.new === 0) {
        setMessage({ type: 'warning', text: 'No new or valid idioms found in the CSV file' })
      }
      setPhase({ name: 'review', review })
    } catch {
      if (run.current !== mine) return
      setPhase({ name: 'choose' })
      setMessage({ type: 'error', text: 'Failed to parse CSV file' })
    }
  }

  async function save(review: Review) {
    const rows = rowsToSave(review)
    if (review.counts.new === 0 || rows.length === 0)
      return setMessage({ type: 'error', text: 'No valid data' })
    setMessage(null)
    setPhase({ name: 'saving', review, done: 0 })
    try {
      const totals = await createIdioms.mutateAsync({
        rows,
        onProgress: (done) => setPhase({ name: 'saving', review, done }),
      })
      const summary = saveSummary(totals)
      setMessage({ type: summary.type, text: summary.message })
      setPhase({ name: 'saved', review, totals })
    } catch (error) {
      const totals =
        error instanceof BatchSaveError ? error.totals : { created: 0, errors: 0, duplicates: 0 }
      const cause = error instanceof BatchSaveError ? error.cause : error
      const saved =
        totals.created > 0 ? ` ${totals.created} idioms from earlier batches were saved.` : ''
      const failure: Message =
        cause instanceof ApiError || cause instanceof TypeError
          ? {
              type: 'error',
              text: 'Failed to save idioms to the database.',
              detail: `${errorMessage(cause, BATCH_CREATE_FALLBACK_ERROR)}${saved}`,
            }
          : { type: 'error', text: 'Processing failed', detail: saved.trim() || undefined }
      setMessage(failure)
      setPhase({ name: 'saved', review, totals, failure: failure.text })
    }
  }

  const review = phase.name === 'choose' || phase.name === 'parsing' ? null : phase.review
  const total = review ? review.rows.length : 0

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A CSV file with a header row and the columns <b>text</b>, <b>translation</b>,{' '}
            <b>tone</b> and <b>usage</b> (1–10, 10 is super common); <b>source</b> is optional. An
            empty tone means Casual and an empty usage means 8. Optional <b>meanings</b> and{' '}
            <b>literals</b> hold English phrases separated by |; for an idiom with two senses or
            more, <b>senses</b> holds each sense’s phrases, the senses separated by || (“be clueless
            | have no idea || be stark naked”).
          </Text>
          <Group align="flex-end" gap="sm">
            <FileInput
              key={resetKey}
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => {
                setFile(f)
                setMessage(null)
                if (phase.name !== 'saving') setPhase({ name: 'choose' })
              }}
              clearable
              disabled={phase.name === 'parsing' || phase.name === 'saving'}
              style={{ flex: '1 1 280px' }}
            />
            <Button
              onClick={parse}
              loading={phase.name === 'parsing'}
              disabled={phase.name === 'saving' || (phase.name === 'saved' && !phase.failure)}
            >
              Parse
            </Button>
            {phase.name !== 'choose' && !(phase.name === 'saved' && !phase.failure) ? (
              <Button variant="default" onClick={reset} disabled={phase.name === 'saving'}>
                Upload another
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      {phase.name === 'parsing' ? (
        <Stack gap={4}>
          <Text size="sm" id="parse-progress">
            Parsing {file?.name}… {Math.round(phase.progress * 100)}%
          </Text>
          <Progress value={phase.progress * 100} aria-labelledby="parse-progress" animated />
        </Stack>
      ) : null}

      {message ? (
        <Banner
          type={message.type}
          message={
            message.detail ? (
              <Stack gap={2}>
                <Text inherit fw={600}>
                  {message.text}
                </Text>
                <Text inherit>{message.detail}</Text>
              </Stack>
            ) : (
              message.text
            )
          }
        />
      ) : null}

      {phase.name === 'saving' ? (
        <Stack gap={4}>
          <Text size="sm" id="save-progress">
            Saving… {phase.done} of {total} rows
          </Text>
          <Progress
            value={total ? (phase.done / total) * 100 : 0}
            aria-labelledby="save-progress"
            animated
          />
        </Stack>
      ) : null}

      {phase.name === 'saved' && !phase.failure ? (
        <Group gap="md">
          <Button onClick={reset}>Upload another</Button>
          <Anchor component={Link} to="/admin/idioms">
            Go to the idiom list
          </Anchor>
        </Group>
      ) : null}

      {review ? (
        <>
          {review.fileErrors.length > 0 ? (
            <List size="sm" c="red.7">
              {review.fileErrors.map((e, i) => (
                <List.Item key={i}>{e.message}</List.Item>
              ))}
            </List>
          ) : null}
          <ImportReview review={review} />
          {phase.name === 'review' ? (
            <Group>
              <Button onClick={() => save(review)} disabled={review.counts.new === 0}>
                Save {review.counts.new} new idiom{review.counts.new === 1 ? '' : 's'}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  )
}
