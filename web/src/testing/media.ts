/**
 * A screen as MUI's useMediaQuery reads it (jsdom has no matchMedia): each query answered by `matches`, asked
 * again on every read so a test may change the screen, and the change listeners kept in `listeners`.
 */
export function mediaQueries(matches: (query: string) => boolean, listeners: Set<() => void> = new Set()) {
  return (query: string) =>
    ({
      get matches() {
        return matches(query)
      },
      media: query,
      onchange: null,
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList
}
