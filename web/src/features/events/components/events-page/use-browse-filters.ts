import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { formatOrgIds, keywordParam, parseOrgIds } from '../../rules'

/**
 * The search (k) and the organization filter (o, ids comma separated) that the grid, the map and the calendar
 * share through the URL query: a link keeps them, and each view reads them the same way.
 */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams()
  const keyword = params.get('k') ?? ''
  const orgParam = params.get('o')
  const orgIds = useMemo(() => parseOrgIds(orgParam), [orgParam])

  // Each write starts from the last query written, not from this render's: react-router hands a functional
  // update the params of the render that made it, and its navigations commit in transitions, so a filter applied
  // before the keyword's navigation had rendered wrote the query without the keyword (or the keyword without
  // the filter: seen on a loaded tablet). A query that comes from outside (a link, Back) replaces it.
  const written = useRef(params)
  useLayoutEffect(() => {
    written.current = params
  }, [params])
  const update = useCallback(
    (name: 'k' | 'o', value: string | undefined) => {
      const next = new URLSearchParams(written.current)
      if (value) next.set(name, value)
      else next.delete(name)
      written.current = next
      setParams(next, { replace: true })
    },
    [setParams],
  )
  const setKeyword = useCallback((value: string) => update('k', keywordParam(value)), [update])
  const setOrgIds = useCallback((ids: number[]) => update('o', formatOrgIds(ids)), [update])

  return { keyword: keywordParam(keyword) ?? '', orgIds, setKeyword, setOrgIds }
}

/** The query a link between the views carries: only k and o. */
export function browseSearch(keyword: string, orgIds: number[]): string {
  const params = new URLSearchParams()
  const k = keywordParam(keyword)
  const o = formatOrgIds(orgIds)
  if (k) params.set('k', k)
  if (o) params.set('o', o)
  const text = params.toString()
  return text ? `?${text}` : ''
}
