import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import { Logo } from './logo'
import { NAV_LINKS } from './nav-links'

/** The header navigation on narrow screens (loaded the first time it opens). */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ p: 2, bgcolor: '#141414' }}>
        <Logo />
      </Box>
      <List component="nav" aria-label="Main">
        {NAV_LINKS.map((link) => (
          <ListItemButton key={link.href} href={link.href} onClick={onClose}>
            <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  )
}
