/** Search across conversations and notes (FTS5); the engine uses it through SearchPort. */
export { MAX_SEARCH_RESULTS, SearchIndex, plainSnippet, type SearchHit, type SearchPort } from "./searchIndex";
export { matchTerms, type MatchTerms } from "./query";
export { SEARCH_TOKENIZE } from "./schema";
