import type { KeyboardEvent, RefObject } from 'react'

/** Enter moves the focus to the next field instead of submitting the form. */
export function focusOnEnter(event: KeyboardEvent, next: RefObject<HTMLElement | null>): void {
  if (event.key !== 'Enter') return
  event.preventDefault()
  next.current?.focus()
}
