export { BattlePage } from './components/battle-page'
