import { RouterProvider } from 'react-router'
import { AppProvider } from './provider'
import type { createAppRouter } from './router'
import type { AppStore } from './store'

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
