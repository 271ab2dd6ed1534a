import { useDocumentTitle } from '@/components/ui/use-document-title'
import { FeaturedEvents } from './featured-events'
import { SponsorBanner } from './sponsor-banner'
import { Workshops } from './workshops'

export function HomePage() {
  useDocumentTitle(null)
  return (
    <>
      <SponsorBanner />
      <FeaturedEvents />
      <Workshops />
    </>
  )
}
