import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useBrowseFilters } from './use-browse-filters'

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/events?k=jam']}>{children}</MemoryRouter>
}

const useFiltersAndQuery = () => ({ filters: useBrowseFilters(), search: useLocation().search })

describe('useBrowseFilters', () => {
  it('writes made before the query re-renders compose: the filter keeps the keyword and the keyword the filter', () => {
    const { result } = renderHook(useFiltersAndQuery, { wrapper })
    const { setKeyword, setOrgIds } = result.current.filters
    act(() => {
      // both from the same render, as a debounced keyword and an applied filter may land
      setKeyword('battle')
      setOrgIds([15, 3])
    })
    const query = new URLSearchParams(result.current.search)
    expect(query.get('k')).toBe('battle')
    expect(query.get('o')).toBe('15,3')
    expect(result.current.filters.keyword).toBe('battle')
    expect(result.current.filters.orgIds).toEqual([15, 3])
  })

  it('a cleared filter leaves the keyword', () => {
    const { result } = renderHook(useFiltersAndQuery, { wrapper })
    act(() => result.current.filters.setOrgIds([7]))
    act(() => result.current.filters.setOrgIds([]))
    expect(result.current.search).toBe('?k=jam')
  })
})
