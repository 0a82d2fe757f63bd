/**
 * The specialist catalog (SQLite FTS5 over agents and skills). The router ranks specialists with it;
 * the engine opens it on carefold.db at start-up with `FtsCatalog.open(db, content)`.
 */
export { FtsCatalog, type CatalogAgent, type CatalogHit, type SearchOptions, type SyncResult } from "./ftsCatalog";
export { contentFingerprint } from "./fingerprint";
export { buildMatchExpression, MAX_QUERY_WORDS, type MatchExpression } from "./ftsQuery";
export { AGENT_WEIGHTS, FTS_TOKENIZE, INDEX_FORMAT, SKILL_WEIGHTS } from "./schema";
export { MAX_ROUTED_CHARS, foldTerms, isStopword, stem, terms, words } from "./terms";
