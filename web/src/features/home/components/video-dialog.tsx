import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { ModalDialog } from '@/components/ui/dialogs'
import { paths } from '@/config/paths'
import { site } from '@/config/site'

/** The tour video (loaded when it is opened), with the register-to-battle button. */
export default function VideoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="The Cypher Tour"
      actions={
        <Button href={paths.events.getHref()} variant="contained" onClick={onClose}>
          Register to battle
        </Button>
      }
    >
      <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: '#000', borderRadius: 1, overflow: 'hidden' }}>
        {site.sponsorVideoId ? (
          <Box
            component="iframe"
            src={`https://www.youtube-nocookie.com/embed/${site.sponsorVideoId}`}
            title="The Cypher Tour video"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            loading="lazy"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <Box
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3, color: '#fff', textAlign: 'center' }}
          >
            <Typography>The tour video premieres soon. Battles are open for registration now.</Typography>
          </Box>
        )}
      </Box>
    </ModalDialog>
  )
}
