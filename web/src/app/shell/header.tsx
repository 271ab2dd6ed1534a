import Box from '@mui/material/Box'
import { lazy, Suspense, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { signOut } from '@/lib/auth/actions'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { Logo } from './logo'
import { NAV_LINKS } from './nav-links'
import { useHeaderScroll } from './use-header-scroll'

export const HEADER_HEIGHT = 64

const NavDrawer = lazy(() => import('./nav-drawer'))
const AccountArea = lazy(() => import('./account-area'))

/**
 * The header: navigation, Log in and Create profile for guests, the bell and the user menu for signed-in
 * users. Plain markup and CSS (index.css): it is part of every first paint, so it stays light.
 */
export function Header() {
  const location = useLocation()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const [drawer, setDrawer] = useState(false)
  const [drawerUsed, setDrawerUsed] = useState(false)
  const isHome = location.pathname === paths.home.path
  const onSignup = location.pathname === paths.signup.path
  const onEventCreate = location.pathname.startsWith(paths.createEvent.path)
  const { transparent, hidden } = useHeaderScroll(isHome)
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: user } = useGetCurrentUserQuery(undefined, { skip: !signedIn })

  const logout = async () => {
    const here = location.pathname + location.search
    await signOut(dispatch)
    navigate(paths.login.getHref(here))
  }

  const showMenu = !onSignup && !onEventCreate
  const showLogo = !onEventCreate

  return (
    <header
      className="hdr"
      data-testid="site-header"
      data-transparent={transparent}
      data-hidden={hidden && !drawer}
    >
      <div className="hdr-bar">
        {showMenu ? (
          <button
            type="button"
            className="hdr-icon hdr-burger"
            aria-label="Open navigation"
            onClick={() => {
              setDrawerUsed(true)
              setDrawer(true)
            }}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="currentColor" d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
            </svg>
          </button>
        ) : null}
        {showLogo ? <Logo compact /> : null}
        {showMenu ? (
          <nav aria-label="Main" className="hdr-nav">
            {NAV_LINKS.map((link) => (
              <Link
                key={link.href}
                to={link.href}
                className="hdr-link"
                aria-current={location.pathname.startsWith(link.href) ? 'page' : undefined}
              >
                {link.label}
              </Link>
            ))}
          </nav>
        ) : null}
        <span className="hdr-grow" />
        {signedIn && user ? (
          onSignup ? (
            <button type="button" className="btn btn-outline-light" onClick={logout}>
              Log out
            </button>
          ) : (
            <Suspense fallback={<Box sx={{ width: 96, height: 44 }} />}>
              <AccountArea user={user} onLogout={logout} />
            </Suspense>
          )
        ) : !signedIn && showMenu ? (
          <div className="hdr-guest">
            <Link to={paths.login.getHref()} className="btn btn-text-light">
              Log in
            </Link>
            <Link to={paths.signup.getHref()} className="btn btn-primary">
              Create profile
            </Link>
          </div>
        ) : null}
      </div>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawer} onClose={() => setDrawer(false)} />
        </Suspense>
      ) : null}
    </header>
  )
}
