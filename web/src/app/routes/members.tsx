import { MembersPage } from '@/features/members'

export default MembersPage
