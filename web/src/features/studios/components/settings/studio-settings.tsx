import Button from '@mui/material/Button'
import { useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { SettingsShell, useSettingsAccess } from '@/components/entity/settings-shell'
import { ConfirmDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { toastShown } from '@/lib/toast'
import { useDeactivateStudioMutation, useGetStudioQuery, usePublishStudioMutation } from '../../api/studios-api'
import { SETTINGS_SECTIONS, statusAction, type SettingsSection } from '../../rules'
import type { Studio } from '../../types'
import { PeopleSection } from '../people'
import { GeneralSection, SocialsSection } from './studio-forms'

/** 'Publish Studio' for a draft, 'Deactivate Studio' otherwise, behind its confirmation. */
function StatusButton({ studio }: { studio: Studio }) {
  const dispatch = useAppDispatch()
  const [asking, setAsking] = useState(false)
  const [publish, { isLoading: publishing }] = usePublishStudioMutation()
  const [deactivate, { isLoading: deactivating }] = useDeactivateStudioMutation()
  const action = statusAction(studio.status, studio.name || 'this studio')

  const confirm = async () => {
    try {
      await (action.publish ? publish : deactivate)(studio.id).unwrap()
      dispatch(toastShown(action.toast))
    } catch {
      /* the error toast was shown by the base query */
    }
    setAsking(false)
  }

  return (
    <>
      <Button variant={action.publish ? 'contained' : 'outlined'} color={action.publish ? 'primary' : 'inherit'} onClick={() => setAsking(true)} sx={{ flexShrink: 0 }}>
        {action.button}
      </Button>
      <ConfirmDialog open={asking} title={action.title} text={action.text} confirmLabel={action.confirm} busy={publishing || deactivating} destructive={!action.publish} onConfirm={confirm} onClose={() => setAsking(false)} />
    </>
  )
}

function Section({ studio, section }: { studio: Studio; section: SettingsSection }) {
  if (section === 'general') return <GeneralSection studio={studio} />
  if (section === 'socials') return <SocialsSection studio={studio} />
  return <PeopleSection key={section} studio={studio} people={section} />
}

/**
 * /studio/{id}/settings (docs/product/studios.md), a child route per section. Wide screens show the sections beside the
 * chosen one (general first); small screens the list first. A studio that fails to load sends the user to
 * Studios; one they may not edit, to its page.
 */
export function StudioSettingsPage({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const { data: studio, isError } = useGetStudioQuery(id, { skip: !valid })
  useDocumentTitle(studio ? `${studio.name || 'Studio'} Settings` : 'Studio Settings')

  const failed = !valid || (isError && !studio)
  const away = useSettingsAccess({ failed, forbidden: Boolean(studio && !studio.canEdit), listHref: paths.studios.getHref(), pageHref: paths.studio.getHref(id) })

  if (!studio || away) return <PageLoader label="Loading settings" />

  return (
    <SettingsShell
      title={`${studio.name || 'Untitled studio'} Settings`}
      back={{ href: paths.studio.getHref(studio.id), label: `Back to ${studio.name || 'the studio'}` }}
      action={<StatusButton studio={studio} />}
      sections={SETTINGS_SECTIONS}
      href={(section) => paths.studioSettings.getHref(studio.id, section)}
      navLabel="Studio settings sections"
      headingId="studio-settings-section"
      counted={{ section: 'students', count: studio.totalStudents }}
    >
      {(section) => <Section studio={studio} section={section} />}
    </SettingsShell>
  )
}
