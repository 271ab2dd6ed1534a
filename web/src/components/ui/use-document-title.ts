import { useEffect } from 'react'

/** The browser tab's title for a screen. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Cypher` : 'Cypher'
  }, [title])
}
