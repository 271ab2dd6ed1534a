import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { MagicLinkComplete, MagicLinkRequest } from '@/features/auth'

/** /magic-link asks for a link; /magic-link?token=… (the mailed link) signs in. */
export default function MagicLinkRoute() {
  useDocumentTitle('Magic Link')
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <MagicLinkComplete token={token} /> : <MagicLinkRequest />
}
