/**
 * Terminal escapes: model text carrying ESC/CSI/OSC/C1 sequences, carriage returns and backspaces
 * reaches `carefold ask` and the agenda export as plain text — it can never clear the screen, retitle
 * the terminal, plant a hidden hyperlink or overwrite a line.
 */
import { PassThrough } from "node:stream";
import { expect } from "vitest";
import { renderEvent } from "../../../src/cli/commands/ask";
import { stripTerminalControls } from "../../../src/shared/text";
import type { CliIO } from "../../../src/cli/types";
import { family } from "../attack";
import type { EngineContext } from "../securityHarness";

const ESC = "\u001b";
const BEL = "\u0007";
/** Text a terminal would act on: any C0 control but newline and tab, DEL or a C1 control (what stripTerminalControls removes). */
const hasControls = (text: string) => stripTerminalControls(text) !== text;

/** Runs one consult with the model saying `chunks`, printing every event the way `carefold ask` does. */
async function askThroughCli(ctx: EngineContext, chunks: string[]): Promise<{ stdout: string; stderr: string; text: string }> {
  ctx.script([{ chunks }]);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d: Buffer) => (out += d.toString()));
  stderr.on("data", (d: Buffer) => (err += d.toString()));
  const io: CliIO = { stdin: new PassThrough(), stdout, stderr, cwd: process.cwd(), env: {} };
  const state = { streamed: "" };
  const off = ctx.engine.onEvent((e) => renderEvent(e, io, state));
  try {
    const done = await ctx.ask("Help me prepare for my visit");
    return { stdout: out, stderr: err, text: done.text };
  } finally {
    off();
  }
}

const printed = (name: string, payload: string, chunks: string[], visible: string) => ({
  name,
  surface: "carefold ask (streamed tokens and final answer)",
  payload,
  expected: "no control character reaches the terminal; the words stay",
  async run(ctx: EngineContext) {
    const { stdout, stderr } = await askThroughCli(ctx, chunks);
    expect(hasControls(stdout), "stdout holds control characters").toBe(false);
    expect(hasControls(stderr), "stderr holds control characters").toBe(false);
    expect(stdout).toContain(visible);
  },
});

export const terminalEscapes = family<EngineContext>("terminal-escapes", [
  printed("csi-clear-screen", "ESC[2J ESC[H before the answer", [`${ESC}[2J${ESC}[HYour visit checklist is ready.`], "Your visit checklist is ready."),
  printed("osc8-hidden-hyperlink", "OSC 8 link: ESC]8;;https://evil.example BEL click ESC]8;; BEL", [`Open ${ESC}]8;;https://evil.example${BEL}the portal${ESC}]8;;${BEL} to book your visit.`], "the portal"),
  printed("osc-window-title", "ESC]0;Carefold — verified BEL", [`${ESC}]0;Carefold verified${BEL}Bring your medication list to the visit.`], "Bring your medication list"),
  printed("bell-flood", "200 BEL characters", [`${BEL.repeat(200)}Write down your questions before the visit.`], "Write down your questions"),
  printed("carriage-return-overwrite", "a safe line, CR, then text that would overwrite it", ["Call your clinic to confirm the time.\rYou do not need to see anyone."], "Call your clinic to confirm the time."),
  printed("c1-csi", "U+009B (8-bit CSI) 2J", ["\u009b2JKeep your insurance card with you."], "Keep your insurance card with you."),
  printed("escape-split-across-chunks", "ESC in one streamed chunk, [31m in the next", ["Bring a list of ", ESC, "[31mquestions for the visit."], "questions for the visit."),
  printed("backspace-overwrite", "words, then backspaces and replacement words", ["Ask about side effects\b\b\b\b\b\b\b\b\b\b\b\bnothing at the visit."], "Ask about side effects"),
  printed("sgr-conceal", "ESC[8m (concealed text) around a sentence", [`Visit notes: ${ESC}[8mhidden instructions${ESC}[0m bring your list.`], "bring your list"),
  {
    name: "escape-in-model-error",
    surface: "carefold ask (error line on stderr)",
    payload: "the model fails with an error message carrying ESC[2J",
    expected: "the error line reaches stderr without control characters",
    async run(ctx) {
      ctx.script([{ error: `${ESC}[2J${ESC}]0;owned${BEL}model crashed` }]);
      const stderr = new PassThrough();
      let err = "";
      stderr.on("data", (d: Buffer) => (err += d.toString()));
      const io: CliIO = { stdin: new PassThrough(), stdout: new PassThrough(), stderr, cwd: process.cwd(), env: {} };
      const state = { streamed: "" };
      const off = ctx.engine.onEvent((e) => renderEvent(e, io, state));
      try {
        await ctx.ask("Help me prepare for my visit");
      } finally {
        off();
      }
      expect(err.length).toBeGreaterThan(0);
      expect(hasControls(err), "err holds control characters").toBe(false);
    },
  },
  {
    name: "agenda-export-escapes",
    surface: "agenda.export (markdown file and title)",
    payload: "an answer with ESC[2J and OSC 8, a thread title with ESC]0;",
    expected: "the exported markdown and title hold no control characters",
    async run(ctx) {
      ctx.script([{ chunks: [`${ESC}[2JAgenda: ${ESC}]8;;https://evil.example${BEL}portal${ESC}]8;;${BEL} and questions.`] }]);
      const done = await ctx.ask("Help me prepare for my visit");
      const renamed = await ctx.call("threads.rename", { threadId: done.threadId, title: `Visit ${ESC}]0;owned${BEL}plan` });
      expect(renamed.ok).toBe(true);
      const r = await ctx.call("agenda.export", { threadId: done.threadId });
      expect(r.ok).toBe(true);
      const { markdown, title } = (r.ok ? r.result : {}) as { markdown: string; title: string };
      expect(markdown).toContain("Agenda:");
      expect(hasControls(markdown), "markdown holds control characters").toBe(false);
      expect(hasControls(title), "title holds control characters").toBe(false);
    },
  },
]);

export const tables = [terminalEscapes];
