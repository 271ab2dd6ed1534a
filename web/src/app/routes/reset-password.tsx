import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { ForgotPassword, NewPassword } from '@/features/auth'

/** /reset-password asks for a link; /reset-password?token=… (the mailed link) sets the new password. */
export default function ResetPasswordRoute() {
  useDocumentTitle('Reset password')
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <NewPassword token={token} /> : <ForgotPassword />
}
