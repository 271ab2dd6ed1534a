import { Navigate, useSearchParams } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { FormCard } from '@/components/ui/form-card'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { safeRedirect } from '@/config/paths'
import { LoginForm } from '@/features/auth/components/login-form'
import { selectIsSignedIn } from '@/lib/auth/session-slice'

export default function LoginRoute() {
  useDocumentTitle('Log in')
  const signedIn = useAppSelector(selectIsSignedIn)
  const [params] = useSearchParams()
  if (signedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return (
    <FormCard title="Log in">
      <LoginForm />
    </FormCard>
  )
}
