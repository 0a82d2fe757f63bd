/** `carefold consent list|allow|withdraw`: the OK health specialists need, over the contract's consent requests. */
import { needsConsent } from "../../shared/consentRule";
import { existsSync } from "node:fs";
import type { AgentSummary, ConsentState } from "../../shared/contract";
import { RpcCallError } from "../../shared/rpc";
import { stripTerminalControls } from "../../shared/text";
import { dataDirFrom, parse, UsageError } from "../args";
import { request, withEngine } from "../engineRequests";
import type { CliCommand, CliIO } from "../types";

const usage = `Usage: carefold consent list | allow <specialist|all> | withdraw <specialist|all> [--data-dir DIR] [--json]

Health specialists (for example the heart visit guide) answer only once you allow them. They help you
prepare visits, questions and logs; they never diagnose, prescribe, give doses or replace emergency care.
  list                   each health specialist and whether it may answer
  allow all              allow every health specialist
  allow <specialist>     allow one, by the name "list" shows (for example cardiology-guide)
  withdraw all           withdraw every OK you gave (to all, and to each one by name)
  withdraw <specialist>  withdraw the OK you gave to one
Your choice is saved in the data folder; it is the same choice as in the app's Settings.
  --data-dir DIR   the data folder (default: the app's data folder)
  --json           print the result as one JSON object
Exit status: 0 done, 1 failed (or no data folder to withdraw from), 2 usage mistake or no specialist by that name`;

type Action = "list" | "allow" | "withdraw";

const HOW_TO_LIST = "See the specialists' names with: carefold consent list";

/** Every health specialist with whether it may answer now (allowed to all, or by name). */
function specialists(agents: AgentSummary[], state: ConsentState) {
  return agents
    .filter((a) => needsConsent(a))
    .map((a) => ({ id: a.id, title: stripTerminalControls(a.title), allowed: state.global || state.agents.includes(a.id) }));
}

function printList(io: CliIO, dataDir: string, list: ReturnType<typeof specialists>, state: ConsentState): void {
  const width = Math.max(0, ...list.map((s) => s.id.length));
  io.stdout.write(`Health specialists in ${dataDir}:\n`);
  io.stdout.write(state.global ? "All health specialists may answer (you allowed all of them).\n" : "Only those marked \"allowed\" may answer; the others ask for your OK first.\n");
  for (const s of list) io.stdout.write(`  ${s.allowed ? "allowed    " : "not allowed"}  ${s.id.padEnd(width)}  ${s.title}\n`);
  if (!state.persistent) io.stdout.write("This session keeps your choice in memory only.\n");
  io.stdout.write("Change it with: carefold consent allow <specialist|all>, or carefold consent withdraw <specialist|all>\n");
}

export const command: CliCommand = {
  name: "consent",
  summary: "see, give or withdraw your OK for health specialists",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, { "data-dir": { type: "string" }, json: { type: "boolean" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold consent: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const [action, target, ...extra] = positionals as [Action | undefined, string | undefined, ...string[]];
    const needsTarget = action === "allow" || action === "withdraw";
    if (!(action === "list" || needsTarget) || extra.length > 0 || needsTarget !== (target !== undefined)) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    // Only "allow" may create a data folder: a mistyped --data-dir must not look like a real, empty one.
    if (action !== "allow" && !existsSync(dataDir)) {
      const text = `There is no Carefold data folder at ${dataDir}, so no health specialist is allowed there. Check --data-dir.`;
      if (action === "list") {
        io.stdout.write(values.json ? JSON.stringify({ dataDir, global: false, agents: [], persistent: true, specialists: [] }) + "\n" : text + "\n");
        return 0;
      }
      io.stderr.write(`${text} Nothing was withdrawn.\n`);
      return 1;
    }

    return withEngine(dataDir, async (engine) => {
      const before = await request(engine, "consent.get", {});
      const agents = await request(engine, "catalog.agents", {});
      const report = async (state: ConsentState, message: string | null): Promise<number> => {
        if (values.json) io.stdout.write(JSON.stringify({ dataDir, ...state, specialists: specialists(agents, state) }) + "\n");
        else if (message) io.stdout.write(message + "\n");
        else printList(io, dataDir, specialists(agents, state), state);
        return 0;
      };
      if (action === "list") return report(before, null);

      const all = target === "all";
      const agent = all ? null : agents.find((a) => a.id === target);
      if (!all && !agent) {
        io.stderr.write(`There is no specialist named "${stripTerminalControls(target!)}". ${HOW_TO_LIST}\n`);
        return 2;
      }
      if (agent && !needsConsent(agent)) {
        return report(before, `${agent.id} (${stripTerminalControls(agent.title)}) is not a health specialist: it answers without your OK. Nothing changed.`);
      }
      const saved = before.persistent ? " Saved for this data folder." : " For this session only.";

      if (action === "allow") {
        if (all) {
          if (before.global) return report(before, "All health specialists were already allowed. Nothing changed.");
          const after = await request(engine, "consent.set", { scope: "global", granted: true });
          return report(after, `All health specialists may now answer.${saved} Withdraw it with: carefold consent withdraw all`);
        }
        if (before.agents.includes(agent!.id)) return report(before, `${agent!.id} was already allowed. Nothing changed.`);
        const after = await request(engine, "consent.set", { scope: "agent", agentId: agent!.id, granted: true });
        return report(after, `${agent!.id} (${stripTerminalControls(agent!.title)}) may now answer.${saved} Withdraw it with: carefold consent withdraw ${agent!.id}`);
      }

      // withdraw
      if (all) {
        if (!before.global && before.agents.length === 0) return report(before, "No health specialist was allowed. Nothing changed.");
        let state = before;
        if (before.global) state = await request(engine, "consent.set", { scope: "global", granted: false });
        const kept: string[] = [];
        for (const id of before.agents) {
          try {
            state = await request(engine, "consent.set", { scope: "agent", agentId: id, granted: false });
          } catch (err) {
            // An OK given to a specialist that is no longer installed (a removed pack) cannot be reached here.
            if (!(err instanceof RpcCallError && err.code === "not_found")) throw err;
            kept.push(id);
          }
        }
        if (kept.length) io.stderr.write(`Could not withdraw the OK for ${kept.join(", ")}: not installed any more, so it cannot answer anyway.\n`);
        return report(state, "You withdrew your OK: health specialists will ask for it again before they answer.");
      }
      const id = agent!.id;
      const toAll = "To withdraw the OK you gave to all of them: carefold consent withdraw all";
      if (!before.agents.includes(id)) {
        return report(before, before.global ? `${id} had no OK of its own, but all health specialists are allowed, so it may answer. Nothing changed. ${toAll}` : `${id} was not allowed. Nothing changed.`);
      }
      const after = await request(engine, "consent.set", { scope: "agent", agentId: id, granted: false });
      return report(
        after,
        before.global
          ? `You withdrew the OK you gave ${id} by name, but all health specialists are still allowed, so it may still answer. ${toAll}`
          : `You withdrew your OK for ${id}: it will ask for it again before it answers.`,
      );
    }, io);
  },
};
