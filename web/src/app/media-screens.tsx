/**
 * The media screens composed into the organization's Media tab and the event page (features never import each
 * other, so the app gives each page the shared media panel, editor and delete question).
 */
import { eventMediaTexts, type CypherEvent } from '@/features/events'
import { ClipDeleteDialog, MediaEditor, MediaPanel } from '@/features/media'
import { orgMediaTexts, type OrgMediaScreens } from '@/features/organizations'

/** The organization's Media tab: the page keeps the dialogs (a rotation remounts the tab). */
export const orgMediaScreens: OrgMediaScreens = {
  tab: (org, { onAdd, onDelete }) => (
    <MediaPanel scope={{ o: org.id }} titleId="org-media-title" pageName={org.name} canEdit={org.canEdit} onAdd={onAdd} onDelete={onDelete} {...orgMediaTexts(org)} />
  ),
  dialogs: (org, { adding, deleting, onCloseEditor, onCloseDelete }) => (
    <>
      <MediaEditor scope={{ o: org.id }} open={adding} onClose={onCloseEditor} />
      <ClipDeleteDialog scope={{ o: org.id }} pageName={org.name} clip={deleting} onClose={onCloseDelete} />
    </>
  ),
}

/** The event page's media panel, between the description and the staff; it keeps its own dialogs. */
export function eventMediaPanel(event: CypherEvent) {
  return <MediaPanel scope={{ e: event.id }} titleId="event-media-title" canEdit={Boolean(event.permissions?.canEdit)} section {...eventMediaTexts(event.title)} />
}
