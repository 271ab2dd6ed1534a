import { FormCard } from '@/components/ui/form-card'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { OnboardingForm } from '@/features/onboarding'
import { useGetCurrentUserQuery } from '@/lib/api/users'

/** /create-other-profile: onboarding in add-to-existing mode. */
export default function CreateOtherProfileRoute() {
  useDocumentTitle('Create another profile')
  const { data: user, isLoading } = useGetCurrentUserQuery()
  if (isLoading) return <PageLoader />
  return (
    <FormCard title="Create another profile" subtitle="It joins your account: switch to it from the user menu." width={560}>
      <OnboardingForm user={user} addToExisting />
    </FormCard>
  )
}
