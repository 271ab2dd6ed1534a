export { BattlePage } from './components/battle-page'
export { GroupPage } from './components/prelims/group-page'
export { GroupsPage } from './components/prelims/groups-page'
