/**
 * The specialist catalog: agents and skills from the content loaders, indexed with SQLite FTS5 in the
 * engine's database and ranked with BM25 field weights. Rows are rebuilt only when the content
 * fingerprint changes; hidden agents are stored (so the UI can tell why they are missing) but never
 * returned by a search or a listing of routable agents.
 */
import type { RiskClass } from "../../shared/contract";
import type { ContentSet, Domain } from "../content";
import type { Statement } from "better-sqlite3";
import type { Db } from "../storage/database";
import { contentFingerprint } from "./fingerprint";
import { buildMatchExpression } from "./ftsQuery";
import { AGENT_WEIGHTS, SKILL_WEIGHTS, migrateCatalog } from "./schema";

export interface CatalogAgent {
  id: string;
  title: string;
  description: string;
  domain: Domain;
  category: string;
  riskClass: RiskClass;
  hidden: boolean;
  tags: string[];
  keywords: string[];
  /** Declared skill ids; the first is the primary skill. */
  skills: string[];
}

export interface CatalogHit {
  id: string;
  title: string;
  domain: Domain;
  category: string;
  riskClass: RiskClass;
  /** Relevance (negated BM25): higher is better, only comparable within one search. */
  score: number;
}

export interface SearchOptions {
  category?: string;
  domain?: string;
  /** Ids to leave out (e.g. agents already in the plan). */
  exclude?: readonly string[];
  /** Default 5. */
  limit?: number;
}

export interface SyncResult {
  reindexed: boolean;
  fingerprint: string;
  agents: number;
  skills: number;
  durationMs: number;
}

interface AgentRow {
  id: string;
  title: string;
  description: string;
  domain: Domain;
  category: string;
  risk_class: RiskClass;
  hidden: number;
  tags: string;
  keywords: string;
  skills: string;
}

interface HitRow {
  id: string;
  title: string;
  domain: Domain;
  category: string;
  risk_class: RiskClass;
  rank: number;
}

/** Separator between list items in an indexed field; punctuation, so never part of a word. */
const LIST_SEP = " ; ";

export class FtsCatalog {
  private readonly searchStatements = new Map<string, Statement<unknown[], HitRow>>();

  constructor(private readonly db: Db) {
    migrateCatalog(db);
  }

  /** Opens the catalog tables in `db` and brings them up to date with `content`. */
  static open(db: Db, content: Pick<ContentSet, "agents" | "skills">): FtsCatalog {
    const catalog = new FtsCatalog(db);
    catalog.sync(content);
    return catalog;
  }

  /** The fingerprint of the content currently indexed, or null before the first sync. */
  fingerprint(): string | null {
    const row = this.db.prepare("SELECT value FROM catalog_meta WHERE key = 'fingerprint'").get() as { value: string } | undefined;
    return row?.value ?? null;
  }

  /** Re-indexes when (and only when) the content fingerprint differs from the indexed one. */
  sync(content: Pick<ContentSet, "agents" | "skills">): SyncResult {
    const started = performance.now();
    const fingerprint = contentFingerprint(content);
    if (this.fingerprint() === fingerprint) {
      return { reindexed: false, fingerprint, ...this.counts(), durationMs: performance.now() - started };
    }
    const insertAgent = this.db.prepare(
      `INSERT INTO catalog_agents (id, title, description, domain, category, risk_class, hidden, tags, keywords, skills, position)
       VALUES (@id, @title, @description, @domain, @category, @risk_class, @hidden, @tags, @keywords, @skills, @position)`,
    );
    const insertSkill = this.db.prepare(
      `INSERT INTO catalog_skills (id, title, description, domain, category, risk_class, tags, keywords)
       VALUES (@id, @title, @description, @domain, @category, @risk_class, @tags, @keywords)`,
    );
    this.db.transaction(() => {
      this.db.exec("DELETE FROM catalog_agents; DELETE FROM catalog_skills;");
      content.agents.forEach((a, position) => {
        insertAgent.run({
          id: a.id,
          title: a.metadata.title,
          description: a.runtime.description,
          domain: a.metadata.domain,
          category: a.metadata.category,
          risk_class: a.metadata.risk_class,
          hidden: a.metadata.hidden ? 1 : 0,
          tags: a.metadata.tags.join(LIST_SEP),
          keywords: a.metadata.keywords.join(LIST_SEP),
          skills: JSON.stringify(a.runtime.skills),
          position,
        });
      });
      for (const s of content.skills) {
        insertSkill.run({
          id: s.id,
          title: s.frontmatter.name,
          description: s.frontmatter.description,
          domain: s.domain,
          category: s.category,
          risk_class: s.riskClass,
          tags: s.references.map((r) => r.title).join(LIST_SEP),
          keywords: "",
        });
      }
      // External-content FTS tables: one rebuild each reads the fresh rows.
      this.db.exec(`INSERT INTO catalog_agents_fts (catalog_agents_fts) VALUES ('rebuild');
                    INSERT INTO catalog_skills_fts (catalog_skills_fts) VALUES ('rebuild');`);
      this.db
        .prepare("INSERT INTO catalog_meta (key, value) VALUES ('fingerprint', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        .run(fingerprint);
    })();
    return { reindexed: true, fingerprint, ...this.counts(), durationMs: performance.now() - started };
  }

  /** Routable agents (hidden ones left out unless asked for), in content order. */
  agents(options: { includeHidden?: boolean } = {}): CatalogAgent[] {
    const rows = this.db
      .prepare(`SELECT * FROM catalog_agents ${options.includeHidden ? "" : "WHERE hidden = 0"} ORDER BY position`)
      .all() as AgentRow[];
    return rows.map(toAgent);
  }

  /** One agent by id, hidden or not (callers decide what hidden means for them). */
  agent(id: string): CatalogAgent | null {
    const row = this.db.prepare("SELECT * FROM catalog_agents WHERE id = ?").get(id) as AgentRow | undefined;
    return row ? toAgent(row) : null;
  }

  /** Visible agents of one category or domain, in content order. */
  agentsIn(filter: { category?: string; domain?: string }): CatalogAgent[] {
    return this.agents().filter(
      (a) => (filter.category === undefined || a.category === filter.category) && (filter.domain === undefined || a.domain === filter.domain),
    );
  }

  /** BM25-ranked visible agents matching `text` (any string is safe; no match → []). */
  searchAgents(text: string, options: SearchOptions = {}): CatalogHit[] {
    return this.search("agents", text, options);
  }

  /** BM25-ranked skills matching `text`. */
  searchSkills(text: string, options: SearchOptions = {}): CatalogHit[] {
    return this.search("skills", text, options);
  }

  private counts(): { agents: number; skills: number } {
    const agents = (this.db.prepare("SELECT COUNT(*) AS n FROM catalog_agents").get() as { n: number }).n;
    const skills = (this.db.prepare("SELECT COUNT(*) AS n FROM catalog_skills").get() as { n: number }).n;
    return { agents, skills };
  }

  private search(kind: "agents" | "skills", text: string, options: SearchOptions): CatalogHit[] {
    const match = buildMatchExpression(typeof text === "string" ? text : "");
    if (!match) return [];
    const exclude = new Set(options.exclude ?? []);
    const limit = Math.max(1, Math.min(100, Math.floor(options.limit ?? 5)));
    const params: unknown[] = [match.expression];
    if (options.category !== undefined) params.push(options.category);
    if (options.domain !== undefined) params.push(options.domain);
    params.push(limit + exclude.size);
    const statement = this.statement(kind, options.category !== undefined, options.domain !== undefined);
    let rows: HitRow[];
    try {
      rows = statement.all(...params);
    } catch (err) {
      // The expression is built from quoted words only, so this is a safety net, not a code path.
      if (isFtsQueryError(err)) return [];
      throw err;
    }
    return rows
      .filter((r) => !exclude.has(r.id))
      .slice(0, limit)
      .map((r) => ({ id: r.id, title: r.title, domain: r.domain, category: r.category, riskClass: r.risk_class, score: -r.rank }));
  }

  private statement(kind: "agents" | "skills", byCategory: boolean, byDomain: boolean) {
    const key = `${kind}:${byCategory}:${byDomain}`;
    let statement = this.searchStatements.get(key);
    if (!statement) {
      const fts = `catalog_${kind}_fts`;
      const weights = (kind === "agents" ? AGENT_WEIGHTS : SKILL_WEIGHTS).join(", ");
      const columns = "c.id, c.title, c.domain, c.category, c.risk_class";
      if (kind === "skills" && !byCategory && !byDomain) {
        // Unfiltered: rank inside FTS5 alone and join only the top rows. Joining every match first
        // doubled the cost at 10,000 skills, where one common word can match thousands of rows.
        statement = this.db.prepare<unknown[], HitRow>(
          `SELECT ${columns}, r.rank FROM
             (SELECT rowid AS rid, bm25(${fts}, ${weights}) AS rank FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rank LIMIT ?) r
           JOIN catalog_${kind} c ON c.rowid = r.rid
           ORDER BY r.rank`,
        );
      } else {
        const where = [`${fts} MATCH ?`];
        if (kind === "agents") where.push("c.hidden = 0");
        if (byCategory) where.push("c.category = ?");
        if (byDomain) where.push("c.domain = ?");
        statement = this.db.prepare<unknown[], HitRow>(
          `SELECT ${columns}, bm25(${fts}, ${weights}) AS rank
           FROM ${fts} JOIN catalog_${kind} c ON c.rowid = ${fts}.rowid
           WHERE ${where.join(" AND ")}
           ORDER BY rank LIMIT ?`,
        );
      }
      this.searchStatements.set(key, statement);
    }
    return statement;
  }
}

function toAgent(row: AgentRow): CatalogAgent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    domain: row.domain,
    category: row.category,
    riskClass: row.risk_class,
    hidden: row.hidden === 1,
    tags: splitList(row.tags),
    keywords: splitList(row.keywords),
    skills: JSON.parse(row.skills) as string[],
  };
}

function splitList(field: string): string[] {
  return field ? field.split(LIST_SEP) : [];
}

function isFtsQueryError(err: unknown): boolean {
  return err instanceof Error && /fts5|MATCH/i.test(err.message);
}
