/** Writing canonical files with the `yaml` package: fixed key order, long text as folded blocks. */
import { Document, isPair, isScalar, isSeq, visit } from "yaml";

const FOLD_OVER = 80;

export interface YamlStyle {
  /** Dotted paths of string values to write in double quotes. */
  quoted?: ReadonlySet<string>;
  /** Dotted paths of lists to write on one line, `[a, b]`. */
  flow?: ReadonlySet<string>;
}

const long = (value: unknown) => typeof value === "string" && value.length > FOLD_OVER && !value.includes("\n");

export function yamlText(value: Record<string, unknown>, style: YamlStyle = {}): string {
  const doc = new Document(value);
  visit(doc, {
    Pair(_key, pair, path) {
      if (!isScalar(pair.key)) return;
      const at = [...path.filter(isPair).map((p) => String((p.key as { value: unknown }).value)), String(pair.key.value)].join(".");
      const node = pair.value;
      if (isSeq(node) && style.flow?.has(at)) node.flow = true;
      if (!isScalar(node) || typeof node.value !== "string") return;
      if (style.quoted?.has(at)) node.type = "QUOTE_DOUBLE";
      else if (long(node.value)) node.type = "BLOCK_FOLDED";
    },
    Seq(_key, seq) {
      if (seq.flow) return;
      for (const item of seq.items) if (isScalar(item) && long(item.value)) item.type = "BLOCK_FOLDED";
    },
  });
  return doc.toString({ lineWidth: 100, minContentWidth: 40, flowCollectionPadding: false });
}

/** metadata values the format's example quotes (a bare 1.0.0 or a word list reads oddly to YAML 1.1 tools). */
const SKILL_STYLE: YamlStyle = { quoted: new Set(["metadata.version", "metadata.tools", "metadata.forbidden", "metadata.evals"]) };
/** metadata.yaml writes its short facets on one line, as the format's example does. */
export const METADATA_STYLE: YamlStyle = { flow: new Set(["care_stages", "target_audience", "tags"]) };

export function skillMarkdown(frontmatter: Record<string, unknown>, body: string): string {
  return `---\n${yamlText(frontmatter, SKILL_STYLE)}---\n\n${body.replace(/^\n+/, "").replace(/\s*$/, "\n")}`;
}

/** An object with `keys` first, in that order (absent ones skipped), then nothing else. */
export function ordered(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
}
