import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Typography from '@mui/material/Typography'
import { Link } from 'react-router'
import { ProfileAvatar } from '@/components/ui/profile-avatar'
import { paths } from '@/config/paths'
import type { UserListItem } from '@/lib/api/types'

/** A member's card on the wall: avatar and dancer name, the whole card a link to the profile. */
export function MemberCard({ member }: { member: UserListItem }) {
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', borderRadius: 3 }}>
      <CardActionArea
        component={Link}
        to={paths.profile.getHref(member.id)}
        aria-label={member.dancerName}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-start', gap: 1.5, p: 2, height: '100%', minHeight: 160 }}
      >
        <ProfileAvatar image={member.avatar} name={member.dancerName} size={88} aria-hidden="true" />
        <Typography component="span" sx={{ fontWeight: 700, textAlign: 'center', wordBreak: 'break-word' }}>
          {member.dancerName}
        </Typography>
      </CardActionArea>
    </Card>
  )
}
