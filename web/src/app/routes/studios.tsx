import { StudiosPage } from '@/features/studios'

export default StudiosPage
