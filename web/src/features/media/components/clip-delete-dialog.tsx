import { ConfirmActionDialog } from '@/components/ui/dialogs'
import { useDeleteMediaMutation } from '../api/media-api'
import { clipTitle } from '../rules'
import type { Media, MediaScope } from '../types'

/**
 * Asks before a clip is deleted (DELETE /media/{id} answers the updated list). `pageName` is whose page the clip
 * leaves: the organization's or the event's.
 */
export function ClipDeleteDialog({ scope, pageName, clip, onClose }: { scope: MediaScope; pageName: string; clip: Media | null; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteMediaMutation()
  return (
    <ConfirmActionDialog
      subject={clip}
      action={(item) => remove({ clip: item, scope }).unwrap()}
      title="Delete this clip?"
      text={clip ? `"${clipTitle(clip)}" will no longer show on ${pageName}'s page.` : undefined}
      confirmLabel="Delete"
      destructive
      busy={isLoading}
      onClose={onClose}
    />
  )
}
