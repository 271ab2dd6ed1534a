import VideoLibraryIcon from '@mui/icons-material/VideoLibrary'
import type { ReactNode } from 'react'
import { EmptyState } from '@/components/ui/feedback'
import type { Media, Organization } from '../types'

/** What the Media tab's add and delete open: the page's dialogs. */
export interface MediaTabActions {
  onAdd: () => void
  onDelete: (clip: Media) => void
}

/** The page's media dialogs: the editor, and the delete question of a clip. */
export interface MediaDialogsState {
  adding: boolean
  deleting: Media | null
  onCloseEditor: () => void
  onCloseDelete: () => void
}

/**
 * The media screens, given by the app from the media feature (a feature never imports another): the Media
 * tab's panel, and the editor and delete question, which live on the page, so a rotation that turns the tabs
 * into the expansion list (and remounts the panel) does not close them.
 */
export interface OrgMediaScreens {
  tab: (org: Organization, actions: MediaTabActions) => ReactNode
  dialogs: (org: Organization, state: MediaDialogsState) => ReactNode
}

/** The media tab's texts: a 'Media' panel titled '{name} Clips'. */
export function orgMediaTexts(org: Organization) {
  return {
    title: `${org.name} Clips`,
    emptyText: `Clips of ${org.name}'s events will show here.`,
    editorEmptyText: 'Add the battles and showcases worth watching again.',
  }
}

/** The fallback of the Media tab when the page is shown without the media screens (the app gives them). */
export function MediaTab({ org }: { org: Organization }) {
  return <EmptyState icon={<VideoLibraryIcon fontSize="inherit" />} title="No clips yet" text={orgMediaTexts(org).emptyText} />
}
