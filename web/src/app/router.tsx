import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { PageLoader } from '@/components/ui/feedback'
import { paths } from '@/config/paths'
import { guard } from './guard'
import { lazyRoute } from './lazy'
import { RootLayout } from './shell/root-layout'
import { RouteError } from './shell/route-error'
import type { AppStore } from './store'

export function appRoutes(store: AppStore): RouteObject[] {
  const open = guard(store)
  const signedIn = guard(store, { auth: true })
  // Signing in and onboarding: a profile without a dancer name may be here (the legal pages and the 404 page
  // have no guard at all: anyone may read them, also half-way through onboarding).
  const signInPage = guard(store, { onboarding: false })
  const loginPage = guard(store, { signedInGoesOn: true })
  return [
    // display mode: a carpet's board fills a projector or a TV, without the app's header and footer
    {
      path: paths.scoreboard.path,
      loader: open,
      lazy: lazyRoute(() => import('./routes/scoreboard')),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
    },
    {
      id: 'root',
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: open, lazy: lazyRoute(() => import('./routes/home')) },
            { path: paths.login.path, loader: loginPage, lazy: lazyRoute(() => import('./routes/login')) },
            { path: paths.signup.path, loader: signInPage, lazy: lazyRoute(() => import('./routes/signup')) },
            { path: paths.resetPassword.path, loader: signInPage, lazy: lazyRoute(() => import('./routes/reset-password')) },
            { path: paths.magicLink.path, loader: signInPage, lazy: lazyRoute(() => import('./routes/magic-link')) },
            { path: paths.profileSetting.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/profile-setting')) },
            { path: paths.createOtherProfile.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/create-other-profile')) },
            { path: paths.releaseProfile.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/release-profile')) },
            { path: paths.profile.path, loader: open, lazy: lazyRoute(() => import('./routes/profile')) },
            { path: `${paths.events.path}/*`, loader: open, lazy: lazyRoute(() => import('./routes/events')) },
            { path: paths.event.path, loader: open, lazy: lazyRoute(() => import('./routes/event')) },
            { path: paths.battle.path, loader: open, lazy: lazyRoute(() => import('./routes/battle')) },
            { path: paths.sparring.path, loader: open, lazy: lazyRoute(() => import('./routes/sparring')) },
            { path: paths.scorecard.path, loader: open, lazy: lazyRoute(() => import('./routes/scorecard')) },
            { path: paths.battlePrelims.path, loader: open, lazy: lazyRoute(() => import('./routes/battle')) },
            { path: paths.battleBrackets.path, loader: open, lazy: lazyRoute(() => import('./routes/battle')) },
            { path: paths.battlePrelimsGroups.path, loader: open, lazy: lazyRoute(() => import('./routes/prelims-groups')) },
            { path: paths.battlePrelimsGroup.path, loader: open, lazy: lazyRoute(() => import('./routes/prelims-group')) },
            { path: paths.checkin.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/checkin')) },
            { path: `${paths.createEvent.path}/*`, loader: signedIn, lazy: lazyRoute(() => import('./routes/create-event')) },
            { path: paths.organizations.path, loader: open, lazy: lazyRoute(() => import('./routes/organizations')) },
            { path: paths.createOrganization.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/organization-create')) },
            { path: paths.organization.path, loader: open, lazy: lazyRoute(() => import('./routes/organization')) },
            { path: `${paths.organizationSettings.path}/*`, loader: signedIn, lazy: lazyRoute(() => import('./routes/organization-settings')) },
            { path: paths.studios.path, loader: open, lazy: lazyRoute(() => import('./routes/studios')) },
            { path: paths.createStudio.path, loader: signedIn, lazy: lazyRoute(() => import('./routes/create-studio')) },
            { path: paths.studio.path, loader: open, lazy: lazyRoute(() => import('./routes/studio')) },
            { path: `${paths.studioSettings.path}/*`, loader: signedIn, lazy: lazyRoute(() => import('./routes/studio-settings')) },
            { path: paths.members.path, loader: open, lazy: lazyRoute(() => import('./routes/members')) },
            { path: paths.faq.path, loader: open, lazy: lazyRoute(() => import('./routes/faq')) },
            { path: paths.patreon.path, loader: open, lazy: lazyRoute(() => import('./routes/patreon')) },
            { path: paths.terms.path, lazy: lazyRoute(() => import('./routes/terms')) },
            { path: paths.policy.path, lazy: lazyRoute(() => import('./routes/policy')) },
            { path: paths.notFound.path, lazy: lazyRoute(() => import('./routes/not-found')) },
            { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
          ],
        },
      ],
    },
  ]
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store))
}
