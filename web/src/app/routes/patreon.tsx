import { PatronPage } from '@/features/patron'

export default PatronPage
