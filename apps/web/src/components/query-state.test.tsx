import { useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { renderWithProviders } from '../test-utils'
import { QueryState } from './query-state'

function Probe({ fn }: { fn: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['probe', fn], queryFn: fn, retry: false })
  return (
    <QueryState query={query} errorFallback="Failed to fetch things">
      {(data) => <p>Data: {data}</p>}
    </QueryState>
  )
}

describe('QueryState', () => {
  it('shows Loading... while the call runs', () => {
    renderWithProviders(<Probe fn={() => new Promise(() => {})} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })

  it('shows the data when it arrives', async () => {
    renderWithProviders(<Probe fn={async () => 'hola'} />)
    expect(await screen.findByText('Data: hola')).toBeInTheDocument()
  })

  it("shows the server's message as red text", async () => {
    const fn = async () => {
      throw new ApiError('Idiom not found', { status: 404, code: 'NOT_FOUND', fromServer: true })
    }
    renderWithProviders(<Probe fn={fn} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Idiom not found')
  })

  it('falls back to the screen message when the server gave none', async () => {
    const fn = async () => {
      throw new TypeError('Failed to fetch')
    }
    renderWithProviders(<Probe fn={fn} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch things')
  })
})
