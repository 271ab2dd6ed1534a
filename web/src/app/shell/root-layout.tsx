import { lazy, Suspense, useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { expiryHandled, selectSession } from '@/lib/auth/session-slice'
import { notFoundCleared, selectNotFoundPath } from '@/lib/not-found'
import { selectToast } from '@/lib/toast'
import { CookieBanner } from './cookie-banner'
import { Footer } from './footer'
import { ErrorPage } from './error-page'
import { Header, HEADER_HEIGHT } from './header'

/** The shell around every screen: header, the screen (or the 404 page), footer, cookie banner, toasts. */
const Toaster = lazy(() => import('@/components/ui/toaster'))

/** A thin bar while the next page loads (CSS only: no progress component in the first bundle). */
function NavigationBar() {
  return <div role="progressbar" aria-label="Loading page" className="nav-progress" />
}

export function RootLayout() {
  const location = useLocation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const notFoundPath = useAppSelector(selectNotFoundPath)
  const session = useAppSelector(selectSession)
  const toast = useAppSelector(selectToast)
  const isHome = location.pathname === paths.home.path

  // The prerendered snapshot of index.html is replaced now: the page takes input again.
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert')
  }, [])

  // The global not-found flag belongs to the page that raised it: leaving that page clears it.
  useEffect(() => {
    if (notFoundPath !== null && notFoundPath !== location.pathname) dispatch(notFoundCleared())
  }, [location.pathname, notFoundPath, dispatch])

  // A session that ended on its own (a refused refresh) goes to Login, coming back here afterwards.
  useEffect(() => {
    if (!session.expired) return
    dispatch(expiryHandled())
    navigate(paths.login.getHref(location.pathname + location.search), { replace: true })
  }, [session.expired, dispatch, navigate, location.pathname, location.search])

  const notFound = notFoundPath === location.pathname
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      {navigation.state === 'loading' ? <NavigationBar /> : null}
      <main id="main" tabIndex={-1} className="shell-main" style={{ paddingTop: isHome ? 0 : HEADER_HEIGHT }}>
        {notFound ? <ErrorPage /> : <Outlet />}
      </main>
      <Footer />
      <CookieBanner />
      {toast ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      {typeof window === 'undefined' ? null : <ScrollRestoration />}
    </div>
  )
}
