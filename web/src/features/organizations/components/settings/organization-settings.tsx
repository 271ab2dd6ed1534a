import { SettingsShell, useSettingsAccess } from '@/components/entity/settings-shell'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { useGetOrganizationQuery } from '../../api/organizations-api'
import { SETTINGS_SECTIONS, type SettingsSection } from '../../rules'
import type { Organization } from '../../types'
import { DocumentSection } from './document-section'
import { GeneralSection } from './general-section'
import { MembersSection } from './members-section'
import { RolesSection } from './roles-section'
import { SocialsSection } from './socials-section'

/** Each section keeps its own draft of the loaded organization. */
function Section({ org, section }: { org: Organization; section: SettingsSection }) {
  if (section === 'general') return <GeneralSection org={org} />
  if (section === 'admins') return <RolesSection key="admin" org={org} role="admin" />
  if (section === 'promoters') return <RolesSection key="promoter" org={org} role="promoter" />
  if (section === 'members') return <MembersSection org={org} />
  if (section === 'socials') return <SocialsSection org={org} />
  return <DocumentSection key={section} org={org} kind={section} />
}

/**
 * /organization/{id}/settings (docs/product/organizations.md), with a child route per section. Wide screens show the sections
 * beside the chosen one (general first); small screens show the list first, then one section at a time. An
 * organization that cannot be loaded sends the user to Organizations; one they may not edit, to its page.
 */
export function OrganizationSettingsPage({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const { data: org, error, isFetching, refetch } = useGetOrganizationQuery(id, { skip: !valid })
  useDocumentTitle(org ? `${org.name} Settings` : 'Organization Settings')

  // a missing organization sends the user to Organizations; a failed read says so and offers a Retry
  const failed = !valid || isNotFound(error)
  const away = useSettingsAccess({ failed, forbidden: Boolean(org && !org.canEdit), listHref: paths.organizations.getHref(), pageHref: paths.organization.getHref(id) })

  if (error && !org && !failed) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!org || away) return <PageLoader label="Loading settings" />

  return (
    <SettingsShell
      title={`${org.name} Settings`}
      back={{ href: paths.organization.getHref(org.id), label: `Back to ${org.name}` }}
      sections={SETTINGS_SECTIONS}
      href={(section) => paths.organizationSettings.getHref(org.id, section)}
      navLabel="Organization settings sections"
      headingId="org-settings-section"
      counted={{ section: 'members', count: org.totalMembers }}
    >
      {(section) => <Section org={org} section={section} />}
    </SettingsShell>
  )
}
