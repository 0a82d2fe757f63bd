/**
 * The catalog's tables in carefold.db: plain rows for agents and skills, and an FTS5 index over each
 * (external content, rebuilt wholesale when the content fingerprint changes). Append migrations; never
 * edit an applied one.
 */
import { migrate, type Db } from "../storage/database";

/** Porter stemming over unicode61 words, accents removed (so "riñón" = "rinon"). */
export const FTS_TOKENIZE = "porter unicode61 remove_diacritics 2";

/**
 * Bumped whenever what gets indexed changes (fields, weights, folding), so existing databases are
 * re-indexed even though no content file changed.
 */
export const INDEX_FORMAT = 1;

/**
 * BM25 column weights, in FTS column order: title, description, tags, category, keywords. Curated
 * routing keywords and tags say most about fit; descriptions are long prose and count least.
 */
export const AGENT_WEIGHTS = [4, 1, 3, 2, 5] as const;
/** Skills have no keywords: title (name), description, tags (reference titles), category, keywords (empty). */
export const SKILL_WEIGHTS = [4, 1, 2, 2, 1] as const;

const STEPS = [
  `CREATE TABLE catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE catalog_agents (
     rowid INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     title TEXT NOT NULL,
     description TEXT NOT NULL,
     domain TEXT NOT NULL,
     category TEXT NOT NULL,
     risk_class TEXT NOT NULL,
     hidden INTEGER NOT NULL,
     tags TEXT NOT NULL,
     keywords TEXT NOT NULL,
     skills TEXT NOT NULL,
     position INTEGER NOT NULL
   );
   CREATE INDEX catalog_agents_category ON catalog_agents (category, hidden);
   CREATE INDEX catalog_agents_domain ON catalog_agents (domain, hidden);
   CREATE VIRTUAL TABLE catalog_agents_fts USING fts5(
     title, description, tags, category, keywords,
     content = 'catalog_agents', content_rowid = 'rowid', tokenize = "${FTS_TOKENIZE}"
   );
   CREATE TABLE catalog_skills (
     rowid INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     title TEXT NOT NULL,
     description TEXT NOT NULL,
     domain TEXT NOT NULL,
     category TEXT NOT NULL,
     risk_class TEXT NOT NULL,
     tags TEXT NOT NULL,
     keywords TEXT NOT NULL
   );
   CREATE INDEX catalog_skills_category ON catalog_skills (category);
   CREATE VIRTUAL TABLE catalog_skills_fts USING fts5(
     title, description, tags, category, keywords,
     content = 'catalog_skills', content_rowid = 'rowid', tokenize = "${FTS_TOKENIZE}"
   );`,
] as const;

export function migrateCatalog(db: Db): void {
  migrate(db, "catalog", STEPS);
}
