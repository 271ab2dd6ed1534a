export { PolicyPage } from './components/policy-page'
export { TermsPage } from './components/terms-page'
