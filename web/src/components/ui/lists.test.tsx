import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SortDirection } from '@/lib/lists'
import { renderWithProviders } from '@/testing/render'
import { DirectionToggle } from './direction-toggle'
import { ErrorState } from './error-state'
import { SearchField } from './search-field'
import { ShowMore } from './show-more'

afterEach(() => vi.unstubAllGlobals())

describe('DirectionToggle', () => {
  it('turns the order around and says which way it goes', async () => {
    function Harness() {
      const [direction, setDirection] = useState<SortDirection>('asc')
      return <DirectionToggle direction={direction} onChange={setDirection} />
    }
    renderWithProviders(<Harness />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ascending: change to descending' }))
    expect(screen.getByRole('button', { name: 'Descending: change to ascending' })).toBeInTheDocument()
  })
})

describe('SearchField', () => {
  it('is a search box named by its label that reports what is typed', async () => {
    const onChange = vi.fn()
    renderWithProviders(<SearchField label="Search organizations" value="" onChange={onChange} />)
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'a')
    expect(onChange).toHaveBeenCalledWith('a')
  })
})

describe('ShowMore', () => {
  const list = (overrides = {}) => ({ hasNextPage: true, isFetching: false, isFetchingNextPage: false, fetchNextPage: vi.fn(), ...overrides })

  it('asks for the next page on its button, says it is loading, and is gone at the end', async () => {
    const more = list()
    const { rerender } = renderWithProviders(<ShowMore list={more} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }))
    expect(more.fetchNextPage).toHaveBeenCalledTimes(1)
    rerender(<ShowMore list={list({ isFetchingNextPage: true })} />)
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled()
    rerender(<ShowMore list={list({ hasNextPage: false })} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('asks for the next page when its end comes within 400 px of the viewport (the browser’s observer)', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options })
        }
        observe() {}
        disconnect() {}
      },
    )
    const more = list()
    renderWithProviders(<ShowMore list={more} />)
    expect(observers.at(-1)?.options?.rootMargin).toBe('0px 0px 400px 0px')
    act(() => observers.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))
    expect(more.fetchNextPage).toHaveBeenCalledTimes(1)
  })
})

describe('ErrorState', () => {
  it('says something went wrong and retries on its button', async () => {
    const retry = vi.fn()
    renderWithProviders(<ErrorState onRetry={retry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again later')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
