/**
 * Word clusters the output classifier reads beside the words: words that a multilingual sentence
 * encoder places near each other (drug names and their Spanish forms, "croup" and "crup") share a
 * cluster token, so a phrasing learned with one word carries over to its neighbours and across
 * English and Spanish. A word embedded alone also clusters partly by spelling: the table helps, it
 * does not understand.
 * The table is data built offline (scripts/gate/build-clusters.py) and travels inside the model
 * header (`features.clusters`: entry i is cluster i's words, space-separated), so a model and its
 * clusters can never disagree.
 */

const tables = new WeakMap<readonly string[], Map<string, string>>();

function table(clusters: readonly string[]): Map<string, string> {
  let map = tables.get(clusters);
  if (map) return map;
  map = new Map();
  clusters.forEach((words, i) => {
    const token = `~${i}`;
    for (const w of words.split(" ")) if (w.length > 0) map!.set(w, token);
  });
  tables.set(clusters, map);
  return map;
}

/** The words with each clustered word replaced by its cluster token, or null when none is clustered. */
export function clusterTokens(words: readonly string[], clusters: readonly string[]): string[] | null {
  const known = table(clusters);
  let found = false;
  const out = words.map((w) => {
    const token = known.get(w);
    if (token) found = true;
    return token ?? w;
  });
  return found ? out : null;
}
