import { TermsPage } from '@/features/legal'

export default TermsPage
