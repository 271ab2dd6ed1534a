import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/system'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { theme } from '@/components/ui/theme'
import { LiveFeedProvider } from '@/lib/live-feed-provider'
import type { AppStore } from './store'

/**
 * Our theme has no CSS variables and no colour schemes, so Material's ThemeProvider would hand it, with `vars`
 * set to null, to the system's ThemeProvider: done here directly, its CSS-variables provider (about 3 kB gzip
 * of the first screen's code, never used) stays out of the start chunk.
 */
const appTheme = { ...theme, vars: null }

export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LiveFeedProvider>
        <ThemeProvider theme={appTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </LiveFeedProvider>
    </Provider>
  )
}
