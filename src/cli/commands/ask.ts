/** `carefold ask "<question>"`: one consult through the full engine, streamed to the terminal. */
import type { EngineEvent } from "../../shared/contract";
import { createEngine } from "../../engine/engine";
import { findContentDir } from "../../engine/paths";
import { dataDirFrom, parse } from "../args";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold ask "<question>" [--data-dir DIR] [--json]

Asks Carefold one question and prints the answer as it streams, with the steps it takes.
  --data-dir DIR   where your notes, history and settings live (default: the app's data folder)
  --json           print every engine event as one JSON line instead`;

export function renderEvent(event: EngineEvent, io: CliIO, state: { streamed: string }): void {
  switch (event.type) {
    case "progress":
      io.stderr.write(`· ${event.message}\n`);
      break;
    case "trace":
      io.stderr.write(`  ${event.stage === "end" ? "✓" : "→"} ${event.label}\n`);
      break;
    case "token":
      state.streamed += event.text;
      io.stdout.write(event.text);
      break;
    case "emergency":
      io.stdout.write(`\n!!! ${event.headline}\n`);
      for (const n of event.numbers) io.stdout.write(`    ${n.kind === "text" ? "Text" : "Call"} ${n.number} — ${n.label}\n`);
      break;
    case "approval.requested":
      io.stderr.write(`  ? approval needed to ${event.operation} ${event.path} (open the app to decide)\n`);
      break;
    case "error":
      io.stderr.write(`error: ${event.message}\n`);
      break;
    case "done": {
      if (event.outcome === "emergency") break;
      const rest = event.text.startsWith(state.streamed) ? event.text.slice(state.streamed.length) : `\n\n${event.text}`;
      io.stdout.write(rest.endsWith("\n") ? rest : rest + "\n");
      if (event.outcome === "answered" && event.agents.length) io.stderr.write(`· answered by ${event.agents.join(", ")}${event.why ? ` — ${event.why}` : ""}\n`);
      break;
    }
  }
}

export const command: CliCommand = {
  name: "ask",
  summary: "ask one question and stream the answer",
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { "data-dir": { type: "string" }, json: { type: "boolean" } });
    const question = positionals.join(" ").trim();
    if (!question) {
      io.stderr.write(usage + "\n");
      return 2;
    }
    const engine = createEngine({ dataDir: dataDirFrom(values["data-dir"], io), contentDir: findContentDir() });
    const active = engine.options.modelProvider?.describe() ?? null;
    if (!values.json) io.stderr.write(`· Model: ${active ? `${active.provider} ${active.model}` : "none configured"}\n`);
    try {
      const state = { streamed: "" };
      const finished = new Promise<EngineEvent & { type: "done" }>((resolveDone) => {
        engine.onEvent((event) => {
          if (values.json) io.stdout.write(JSON.stringify(event) + "\n");
          else renderEvent(event, io, state);
          if (event.type === "done") resolveDone(event);
        });
      });
      const asked = await engine["consult.ask"]({ text: question });
      const done = await finished;
      return done.turnId === asked.turnId && done.outcome === "failed" ? 1 : 0;
    } finally {
      await engine.close();
    }
  },
};
