import { Pagination } from '@mantine/core'

/** Mantine pagination with spoken labels for every page and control (admin tables). */
export function PagePagination({
  total,
  value,
  onChange,
}: {
  total: number
  value: number
  onChange: (page: number) => void
}) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      siblings={1}
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
