import { useEffect, useSyncExternalStore } from 'react'

/**
 * Whether a screen asked the shell to leave out its footer (the events map, the narrow calendar). Each screen
 * that wants it hidden holds a request while it is mounted; the footer shows again when the last one lets go.
 */
const requests = new Set<symbol>()
const listeners = new Set<() => void>()

function emit() {
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const isHidden = () => requests.size > 0

/** The shell's side: true while some screen wants no footer. */
export function useFooterHidden(): boolean {
  return useSyncExternalStore(subscribe, isHidden, () => false)
}

/** A screen's side: hides the footer while `hidden` is true and the screen is mounted. */
export function useHideFooter(hidden: boolean): void {
  useEffect(() => {
    if (!hidden) return
    const request = Symbol('hide-footer')
    requests.add(request)
    emit()
    return () => {
      requests.delete(request)
      emit()
    }
  }, [hidden])
}
