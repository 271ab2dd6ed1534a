import { ErrorPage } from '@/app/shell/error-page'

export default ErrorPage
