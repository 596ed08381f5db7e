import { Pagination } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'

/**
 * Mantine pagination with spoken labels for every page and control (admin tables). On a phone it
 * shows fewer page numbers, closer together, so its 44 px touch targets (global.css) fit on one
 * line at 360 px.
 */
export function PagePagination({
  total,
  value,
  onChange,
}: {
  total: number
  value: number
  onChange: (page: number) => void
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      siblings={narrow ? 0 : 1}
      gap={narrow ? 2 : 8}
      aria-label="Pages"
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getControlProps={(control) => ({
        'aria-label': {
          first: 'First page',
          last: 'Last page',
          next: 'Next page',
          previous: 'Previous page',
        }[control],
      })}
    />
  )
}
