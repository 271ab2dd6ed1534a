export { CreateOrganizationPage } from './components/create-organization'
export { OrganizationPage } from './components/organization-page'
export { OrganizationsPage } from './components/organizations-page'
export { OrganizationSettingsPage } from './components/settings/organization-settings'
