/**
 * Accessibility checks with axe-core on the page as it is: WCAG 2.0/2.1/2.2 A and AA plus axe's best
 * practices. Each run's full result is written under e2e/artifacts/axe/ for review.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { ARTIFACTS } from "./browser";

export interface AxeSummary {
  screen: string;
  violations: { id: string; impact: string | null; help: string; targets: string[] }[];
  passes: number;
}

export const axeLog: AxeSummary[] = [];

export async function checkA11y(page: Page, screen: string): Promise<AxeSummary> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary: AxeSummary = {
    screen,
    violations: result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    })),
    passes: result.passes.length,
  };
  axeLog.push(summary);
  const dir = join(ARTIFACTS, "axe");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${screen}.json`), JSON.stringify(summary, null, 2));
  return summary;
}
