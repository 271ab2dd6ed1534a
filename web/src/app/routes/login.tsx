import { FormCard } from '@/components/ui/form-card'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { LoginForm } from '@/features/auth/components/login-form'

/** /login. A signed-in user never sees it: its route guard sends them on to the redirect (or Home). */
export default function LoginRoute() {
  useDocumentTitle('Log in')
  return (
    <FormCard title="Log in">
      <LoginForm />
    </FormCard>
  )
}
