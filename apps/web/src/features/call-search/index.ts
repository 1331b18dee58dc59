export { callSearchApi, useDeleteSavedCallSearchMutation, useGetSavedCallSearchesQuery } from './call-search-api.ts';
