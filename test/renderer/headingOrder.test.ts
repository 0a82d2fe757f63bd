/**
 * Headings in answers never skip a level, whatever the model or the synthesis wrote (the e2e agenda
 * journey checks the rendered page with axe's heading-order rule).
 */
import { describe, expect, it } from "vitest";
import { compactHeadings } from "../../src/renderer/lib/headingOrder";

interface Node {
  type: string;
  tagName?: string;
  children?: Node[];
}

const el = (tagName: string, children: Node[] = []): Node => ({ type: "element", tagName, children });

function headings(node: Node): string[] {
  const own = node.tagName && /^h[1-6]$/.test(node.tagName) ? [node.tagName] : [];
  return [...own, ...(node.children ?? []).flatMap(headings)];
}

describe("heading order", () => {
  it("lifts each heading to at most one level below the one before it, in document order", () => {
    const tree: Node = { type: "root", children: [el("h1"), el("h2"), el("h4"), el("p", [el("h6")]), el("h2"), el("h5"), el("h3")] };
    compactHeadings(tree);
    expect(headings(tree)).toEqual(["h1", "h2", "h3", "h4", "h2", "h3", "h3"]);
  });

  it("lays out a master agenda (specialists' headings demoted two levels) without gaps", () => {
    const tree: Node = { type: "root", children: [el("h1"), el("h2"), el("h4"), el("ul"), el("h2"), el("h4")] };
    compactHeadings(tree);
    expect(headings(tree)).toEqual(["h1", "h2", "h3", "h2", "h3"]);
  });

  it("starts an answer without a top heading at the first level, and leaves other elements alone", () => {
    const tree: Node = { type: "root", children: [el("h3"), el("header"), { type: "text" }, el("h6")] };
    compactHeadings(tree);
    expect(headings(tree)).toEqual(["h1", "h2"]);
    expect(tree.children![1]!.tagName).toBe("header");
  });
});
