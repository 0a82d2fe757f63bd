/**
 * Search across the user's conversations and notes (search.run), above the conversation list: results
 * as they type, each with its kind, title, date and a snippet with the matched words marked; the count
 * said once per query through the polite status region. Arrow keys move between the field and results.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { SearchResult } from "../../shared/contract";
import { markHits } from "../../shared/searchTerms";
import { useServices } from "../hooks/services";
import { errorInfo } from "../lib/errors";
import { formatDateTime } from "../lib/format";

/** Waits this long after the last key before searching. */
const DEBOUNCE_MS = 200;
/** The contract's limit on a query. */
export const MAX_QUERY_CHARS = 200;

export function SearchBox({
  refreshKey,
  onOpenThread,
  onOpenNote,
}: {
  /** Changes when conversations change (a new answer, a deletion): the shown results are fetched again. */
  refreshKey: unknown;
  onOpenThread(id: string): void;
  onOpenNote(name: string): void;
}) {
  const { t } = useTranslation();
  const { client, announce, reportError } = useServices();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState<{ query: string; results: SearchResult[] } | null>(null);
  /** The query whose count was last said: a refresh of the same results is not announced again. */
  const announced = useRef<string | null>(null);

  useEffect(() => {
    const q = query.trim().slice(0, MAX_QUERY_CHARS);
    if (!q) {
      setShown(null);
      announced.current = null;
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      client["search.run"]({ query: q }).then(
        ({ results }) => {
          if (!live) return;
          setShown({ query: q, results });
          if (announced.current === q) return;
          announced.current = q;
          announce(results.length ? t("search.count", { count: results.length }) : t("search.none"));
        },
        (err: unknown) => live && reportError(errorInfo(err).message),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, refreshKey, client, announce, reportError, t]);

  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>("button.search-result") ?? [])];
  const onFieldKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && buttons()[0]) {
      e.preventDefault();
      buttons()[0]!.focus();
    } else if (e.key === "Escape" && query) {
      e.preventDefault();
      setQuery("");
    }
  };
  const onResultKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const all = buttons();
    const at = all.indexOf(e.currentTarget);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = at + (e.key === "ArrowDown" ? 1 : -1);
      (next < 0 ? input.current : all[Math.min(next, all.length - 1)])?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      input.current?.focus();
    }
  };
  const open = (r: SearchResult) => (r.kind === "thread" ? onOpenThread(r.id) : onOpenNote(r.id));

  return (
    <div className="search-box" role="search" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="search-label">
        {t("search.label")}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        className="search-input"
        value={query}
        maxLength={MAX_QUERY_CHARS}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={shown ? `${id}-count` : undefined}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onFieldKey}
      />
      {shown ? <SearchResults countId={`${id}-count`} listRef={list} query={shown.query} results={shown.results} onOpen={open} onKeyDown={onResultKey} /> : null}
    </div>
  );
}

/** The results of one query: how many, then each as a button that opens it. */
export function SearchResults({
  countId,
  listRef,
  query,
  results,
  onOpen,
  onKeyDown,
}: {
  countId: string;
  listRef?: Ref<HTMLUListElement>;
  query: string;
  results: SearchResult[];
  onOpen(result: SearchResult): void;
  onKeyDown?(e: KeyboardEvent<HTMLButtonElement>): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="search-results" data-query={query}>
      <p id={countId} className="search-count">
        {results.length ? t("search.count", { count: results.length }) : t("search.none")}
      </p>
      {results.length ? (
        <ul ref={listRef} aria-label={t("search.resultsLabel", { query })}>
          {results.map((r) => (
            <li key={`${r.kind}:${r.id}`}>
              <button type="button" className="thread-item search-result" data-kind={r.kind} onClick={() => onOpen(r)} onKeyDown={onKeyDown}>
                <span className="search-kind">{t(`search.kind.${r.kind}`)}</span>
                <span className="thread-title">{r.title}</span>
                <span className="thread-meta">{formatDateTime(r.updatedAt, i18n.language)}</span>
                {r.snippet ? <Snippet text={r.snippet} query={query} /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The snippet as text, the words the query matched in <mark>. */
function Snippet({ text, query }: { text: string; query: string }) {
  return (
    <span className="search-snippet">
      {markHits(text, query).map((segment, i) => (segment.hit ? <mark key={i}>{segment.text}</mark> : segment.text))}
    </span>
  );
}
