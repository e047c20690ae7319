// What other features use of the autosearch: the search page's «Сохранить поиск» (kept small: it is on
// the search's first screen; the dialog loads when asked for). The pages are composed in app/routes.
export { SaveSearchButton } from './components/save-search-button.tsx';
