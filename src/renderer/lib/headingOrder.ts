/**
 * Headings in model output never skip a level: an answer may go from "#" straight to "####" (a master
 * agenda demotes each specialist's headings under its section), and screen-reader users navigate by
 * heading level. Each heading is lifted to at most one level below the heading before it; the page's
 * own offset is applied afterwards. A rehype plugin over the sanitized tree, pure and unit-tested.
 */

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

const HEADING = /^h([1-6])$/;

/** Renames h1–h6 elements, in document order, so that no heading is more than one level deeper than the last. */
export function compactHeadings(tree: HastNode): void {
  let previous = 0;
  const walk = (node: HastNode) => {
    const m = node.type === "element" && node.tagName ? HEADING.exec(node.tagName) : null;
    if (m) {
      const level = Math.min(Number(m[1]), previous + 1);
      node.tagName = `h${level}`;
      previous = level;
    }
    node.children?.forEach(walk);
  };
  walk(tree);
}

export const rehypeHeadingOrder = () => compactHeadings;
