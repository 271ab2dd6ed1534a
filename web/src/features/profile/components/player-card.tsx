import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { DancerCard } from '@/components/ui/dancer-card'
import { ImageUpload } from '@/components/ui/image-upload'
import { useAppDispatch } from '@/app/hooks'
import type { User } from '@/lib/api/types'
import { toUserUpdate, useSaveProfileMutation, useSaveUserMutation } from '@/lib/api/users'
import { toastShown } from '@/lib/toast'

/** The dancer card; its owner uploads the photo: the image is saved, then the user, then 'changesSaved'. */
export function PlayerCard({ user, acting }: { user: User; acting: boolean }) {
  const dispatch = useAppDispatch()
  const [saveUser] = useSaveUserMutation()
  const [saveProfile] = useSaveProfileMutation()
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { xs: 'center', md: 'flex-start' } }}>
      <DancerCard dancer={user} width={280} height={400} />
      {user.canEdit ? (
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <Typography variant="h3" component="h3">
            Your player card photo
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            A portrait photo works best. PNG or JPEG, up to 10Mb.
          </Typography>
          <ImageUpload
            value={user.card}
            imageType="card"
            previewSize={110}
            onUploaded={async (image) => {
              const body = toUserUpdate(user, { card: image.id })
              if (acting) await saveUser(body).unwrap()
              else await saveProfile({ ...body, id: user.id }).unwrap()
              dispatch(toastShown('changesSaved'))
            }}
          />
        </Stack>
      ) : null}
    </Stack>
  )
}
