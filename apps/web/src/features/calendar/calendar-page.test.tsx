import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { renderRoutes } from '../../test-utils'
import { json } from '../../test/fixtures'
import { CalendarPage } from './calendar-page'

const fetchMock = mockFetchForEachTest({ token: 't' })

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()
let seq = 0
const item = (tone: string, label: string, icon: string, confidence: number, due = inDays(2)) => ({
  progressId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  dueDate: due,
  tone,
  idiom: `idiom ${seq}`,
  range: { label, icon },
  confidence,
})

function mount(items: unknown[]) {
  fetchMock.mockResolvedValue(json(items))
  return renderRoutes([{ path: '/app/calendar', element: <CalendarPage /> }], '/app/calendar')
}

async function choose(label: string, option: string) {
  const user = userEvent.setup()
  const combobox = screen.getByRole('combobox', { name: label })
  await user.click(combobox)
  const listbox = await waitFor(() => {
    const el = document.getElementById(combobox.getAttribute('aria-controls') ?? '')
    if (!el) throw new Error(`no listbox for ${label}`)
    return el
  })
  // Mantine's dropdown transition leaves it 'hidden' to jsdom; the options are there all the same.
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }))
}

// Each test renders a whole Mantine screen and types through user-event (every key re-renders it):
// about 1-2 s alone, 3-8 s on the shared 2-core machine at load 12-20 (measured), past the 5 s default.
describe('CalendarPage', { timeout: 20_000 }, () => {
  it('shows a card per item with its label, icon, tone, confidence dots and due date', async () => {
    mount([
      item('Casual', 'Super common', 'flame', 0.91, inDays(1)),
      item('Street', 'Super rare', 'snowflake', 0.55),
    ])
    const cards = await screen.findAllByTestId('calendar-card')
    expect(cards).toHaveLength(2)
    const first = within(cards[0]!)
    // The label is the idiom; the usage band stays beside the tone and as the icon's name.
    expect(first.getByTestId('calendar-label')).toHaveTextContent(/^idiom \d+$/)
    expect(within(cards[1]!).getByTestId('calendar-label').textContent).not.toBe(
      first.getByTestId('calendar-label').textContent,
    )
    expect(first.getByText('Super common')).toBeInTheDocument()
    expect(first.getByRole('img', { name: 'Super common' })).toHaveAttribute('data-icon', 'flame')
    expect(first.getByText('Casual')).toBeInTheDocument()
    expect(first.getByRole('img', { name: 'Confidence 91%' })).toBeInTheDocument()
    expect(first.getByText(/^Due tomorrow/)).toBeInTheDocument()
    expect(within(cards[1]!).getByRole('img', { name: 'Super rare' })).toHaveAttribute(
      'data-icon',
      'snowflake',
    )
    expect(screen.getByTestId('calendar-listing')).toHaveStyle({
      maxHeight: '500px',
      overflowY: 'auto',
    })
  })

  it("says 'No exercises due at this time.' when the calendar is empty", async () => {
    mount([])
    expect(await screen.findByText('No exercises due at this time.')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Tone' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Start an exercise' })).toHaveAttribute(
      'href',
      '/app/exercise',
    )
  })

  it('filters by tone and usage band, and says so when nothing matches', async () => {
    mount([
      item('Casual', 'Super common', 'flame', 0.8),
      item('Street', 'Super common', 'flame', 0.4),
      item('Casual', 'Uncommon', 'leaf', 0.65),
    ])
    await screen.findAllByTestId('calendar-card')
    await choose('Tone', 'Casual')
    expect(screen.getAllByTestId('calendar-card')).toHaveLength(2)
    await choose('Usage', 'Uncommon')
    expect(screen.getAllByTestId('calendar-card')).toHaveLength(1)
    await choose('Tone', 'Street')
    expect(screen.queryAllByTestId('calendar-card')).toHaveLength(0)
    expect(screen.getByText('No items found matching the current filters')).toBeInTheDocument()
    await choose('Usage', 'All usage')
    expect(screen.getAllByTestId('calendar-card')).toHaveLength(1)
  })

  it('groups by usage on demand when more than one usage range exists', async () => {
    const user = userEvent.setup()
    mount([
      item('Casual', 'Uncommon', 'leaf', 0.8),
      item('Casual', 'Super common', 'flame', 0.8),
      item('Neutral', 'Super common', 'flame', 0.3),
    ])
    await screen.findAllByTestId('calendar-card')
    expect(screen.queryByRole('region', { name: 'Super common' })).toBeNull()
    await user.click(screen.getByRole('switch', { name: 'Group by usage' }))
    const groups = screen.getAllByRole('region')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Super common', 'Uncommon'])
    expect(within(groups[0]!).getAllByTestId('calendar-card')).toHaveLength(2)
  })

  it('offers no grouping when every item is in one usage range', async () => {
    mount([item('Casual', 'Common', 'star', 0.8), item('Street', 'Common', 'star', 0.7)])
    await screen.findAllByTestId('calendar-card')
    expect(screen.queryByRole('switch', { name: 'Group by usage' })).toBeNull()
  })

  it('shows what comes back when: a group per local day, soonest first, overdue under Today', async () => {
    const now = new Date()
    const at = (days: number, hours: number, minutes = 0) =>
      new Date(
        now.getFullYear(),
        now.getMonth(),
        now.getDate() + days,
        hours,
        minutes,
      ).toISOString()
    mount([
      item('Casual', 'Common', 'star', 0.8, at(3, 9)),
      item('Casual', 'Common', 'star', 0.8, at(1, 0, 5)),
      item('Casual', 'Common', 'star', 0.5, at(-2, 10)),
      item('Casual', 'Common', 'star', 0.8, at(0, 23, 59)),
      item('Casual', 'Common', 'star', 0.8, at(1, 23, 55)),
    ])
    await screen.findAllByTestId('calendar-card')
    const days = screen.getAllByTestId('calendar-day')
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Today',
      expect.stringMatching(/^Tomorrow \(/),
      expect.stringMatching(/^In 3 days \(/),
    ])
    expect(within(days[0]!).getByRole('heading')).toHaveTextContent('Today · 2 items')
    expect(within(days[0]!).getAllByTestId('calendar-card')).toHaveLength(2)
    // Later today is due today, no hour to wait for.
    expect(within(days[0]!).getAllByText('Due today')).toHaveLength(1)
    expect(within(days[0]!).getByText(/^Due 2 days ago/)).toBeInTheDocument()
    // Five past midnight and five to midnight tomorrow are the same day.
    expect(within(days[1]!).getAllByTestId('calendar-card')).toHaveLength(2)
  })

  it('offline: says the calendar needs a connection, not an error, and leads to the kept exercises', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
      renderRoutes([{ path: '/app/calendar', element: <CalendarPage /> }], '/app/calendar')
      expect(await screen.findByText('The calendar needs a connection.')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Practise offline' })).toHaveAttribute(
        'href',
        '/app/exercise',
      )
      expect(screen.queryByText('Failed to fetch your calendar')).toBeNull()
    } finally {
      Reflect.deleteProperty(navigator, 'onLine')
    }
  })
})
