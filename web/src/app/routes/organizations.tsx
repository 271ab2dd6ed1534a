import { OrganizationsPage } from '@/features/organizations'

export default OrganizationsPage
