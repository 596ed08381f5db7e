import { screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test-utils'
import type { IdiomRow } from '../api/get-idioms'
import { IdiomTable } from './idioms-page'

const row: IdiomRow = {
  idiomId: '6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10',
  text: 'estar al horno',
  translation: 'to be in trouble',
  tone: 'Street',
  usage: 7,
  source: 'seed',
  createdAt: '2026-01-02T10:00:00.000Z',
  exampleCount: 2,
}

describe('IdiomTable', () => {
  // At 390 px the six columns scrolled sideways inside a box; below Mantine's sm breakpoint the
  // table keeps text and translation, with the tone and usage under the text.
  it('leaves tone, usage, examples and created out below sm, and says tone and usage under the text', () => {
    renderWithProviders(
      <MemoryRouter>
        <IdiomTable rows={[row]} />
      </MemoryRouter>,
    )
    const table = screen.getByRole('table', { name: 'Idioms' })
    for (const name of ['Tone', 'Usage', 'Examples', 'Created'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).toHaveClass(
        'mantine-visible-from-sm',
      )
    for (const name of ['Text', 'Translation'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).not.toHaveClass(
        'mantine-visible-from-sm',
      )
    const phoneLine = within(table).getByText('Street · usage 7')
    expect(phoneLine).toHaveClass('mantine-hidden-from-sm')
    expect(within(table).getByRole('link', { name: 'estar al horno' })).toHaveAttribute(
      'href',
      `/admin/idioms/${row.idiomId}`,
    )
  })
})
