export { MembersPage } from './components/members-page'
