import { PolicyPage } from '@/features/legal'

export default PolicyPage
