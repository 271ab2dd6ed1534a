export { BattlePage } from './components/battle-page'
export { BracketsView } from './components/brackets/brackets-view'
export { SparringPage } from './components/sparring/sparring-page'
export { ScoreboardPage } from './components/scoreboard/scoreboard-page'
