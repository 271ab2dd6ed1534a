import { FaqPage } from '@/features/faq'

export default FaqPage
