export { OnboardingForm } from './components/onboarding-form'
