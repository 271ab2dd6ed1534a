import { lazy, Suspense } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { PageLoader } from '@/components/ui/feedback'
import { FormCard } from '@/components/ui/form-card'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { safeRedirect } from '@/config/paths'
import { SignupForm } from '@/features/auth/components/signup-form'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { Notice } from '@/components/ui/notice'

// Only a signed-in user sees the steps: a guest's sign-up page does not load them.
const OnboardingForm = lazy(() => import('@/features/onboarding').then((module) => ({ default: module.OnboardingForm })))

export const INCOMPLETE_BANNER =
  'Hey it looks like your profile is incomplete. Finish setting up your profile to access the site'

/** /signup: the start form for a guest, the onboarding steps for a signed-in user without a dancer name. */
export default function SignupRoute() {
  useDocumentTitle('Create profile')
  const [params] = useSearchParams()
  const signedIn = useAppSelector(selectIsSignedIn)
  const { data: user, isLoading } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const banner = params.has('incomplete') ? (
    <Notice severity="warning" role="status">
      {INCOMPLETE_BANNER}
    </Notice>
  ) : undefined

  if (!signedIn) {
    return (
      <FormCard title="Create profile" banner={banner}>
        <SignupForm />
      </FormCard>
    )
  }
  if (isLoading) return <PageLoader />
  // Already has a dancer name: Home, or the redirect when it was the onboarding that just finished.
  if (user?.dancerName) return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return (
    <FormCard title="Set up your profile" banner={banner} width={560}>
      <Suspense fallback={<PageLoader />}>
        <OnboardingForm user={user} />
      </Suspense>
    </FormCard>
  )
}
