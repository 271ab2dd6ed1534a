import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { createAppRouter } from '@/app/router'
import { makeStore } from '@/app/store'
import { bootstrapSession } from '@/lib/auth/actions'
import { installErrorReporter, reportClientError } from '@/lib/error-reporter'

installErrorReporter()

const store = makeStore()

async function start() {
  // The start of the application waits until the sign-in state is known, then until the first screen's code
  // and data are in: the first render is the whole screen (replacing index.html's shell in one go).
  await bootstrapSession(store.dispatch)
  const router = createAppRouter(store)
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe()
          resolve()
        }
      })
    })
  }
  const root = createRoot(document.getElementById('root')!, {
    // every error boundary's catch, with the components it happened in (React logs it the same way by default)
    onCaughtError(error, info) {
      console.error(error)
      reportClientError('boundary', error, info.componentStack)
    },
  })
  // A transition: React renders the first screen in slices, so the main thread never blocks for long.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    )
  })
}

void start()

// The service worker: an update applies at once and reloads the page once (registerType autoUpdate).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }))
  if (document.readyState === 'complete') setTimeout(register, 2000)
  else window.addEventListener('load', () => setTimeout(register, 2000), { once: true })
}
