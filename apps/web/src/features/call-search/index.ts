export { callSearchApi } from './call-search-api.ts';
export { SavedSearchesSection } from './saved-searches-section.tsx';
