import { createTheme } from '@mui/material/styles'
import type { LinkProps } from '@mui/material/Link'
import { LinkBehavior } from './link-behavior'

/** The one theme. System fonts (no web-font download on the first paint); texts keep the spec's casing. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#b3141b', dark: '#8a0f14', light: '#d9393f', contrastText: '#ffffff' },
    secondary: { main: '#141414', contrastText: '#ffffff' },
    background: { default: '#f6f6f7', paper: '#ffffff' },
    text: { primary: '#141414', secondary: '#4a4a4f' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"',
    h1: { fontSize: '2.25rem', fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.75rem', fontWeight: 800, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.35rem', fontWeight: 700 },
    h4: { fontSize: '1.15rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // focus in ink, not in the brand red, so that a focused field never looks like one in error
    MuiTextField: { defaultProps: { fullWidth: true, color: 'secondary' } },
    MuiLink: { defaultProps: { underline: 'always', component: LinkBehavior } as LinkProps },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
  },
})
