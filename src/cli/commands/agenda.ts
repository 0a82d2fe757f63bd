/** `carefold agenda list|export`: a conversation's visit agenda saved as Markdown, over the contract's agenda.export. */
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../../engine/storage/atomicWrite";
import { medicinesMarkdown, withMedicines } from "../../engine/synthesis/agendaMedicines";
import { RpcCallError } from "../../shared/rpc";
import { stripTerminalControls } from "../../shared/text";
import { dataDirFrom, parse, UsageError } from "../args";
import { request, withEngine } from "../engineRequests";
import type { CliCommand } from "../types";

const usage = `Usage: carefold agenda export [--thread ID] [--out FILE] [--data-dir DIR] [--json]
       carefold agenda list [--data-dir DIR] [--json]

export  saves the visit agenda of a conversation's latest answer (with the medicines listed or attached
        in it, as written) as a Markdown file, and prints
        where it saved it
          --thread ID   the conversation (default: the most recent one); carefold agenda list shows the ids
          --out FILE    where to save it (default: carefold-agenda-<date>-<title>.md in this folder); a
                        folder saves it there under that name. A file already there is replaced.
list    your conversations, newest first, with their ids
  --data-dir DIR   the data folder (default: the app's data folder)
  --json           print the result as JSON
Exit status: 0 done, 1 nothing to export (or the file could not be saved), 2 usage mistake or no
conversation with that id`;

export const command: CliCommand = {
  name: "agenda",
  summary: "save a conversation's visit agenda as a Markdown file",
  usage,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parse(argv, { thread: { type: "string" }, out: { type: "string" }, "data-dir": { type: "string" }, json: { type: "boolean" } });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.stderr.write(`carefold agenda: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const [action, ...extra] = positionals;
    const listing = action === "list";
    if ((action !== "export" && !listing) || extra.length > 0 || (listing && (values.thread !== undefined || values.out !== undefined))) {
      io.stderr.write(`${usage}\n`);
      return 2;
    }
    const dataDir = dataDirFrom(values["data-dir"], io);
    // Reading never creates a data folder: a mistyped --data-dir says so instead of looking empty.
    if (!existsSync(dataDir)) {
      io.stderr.write(`There is no Carefold data folder at ${dataDir}, so there are no conversations to ${listing ? "list" : "export"}. Check --data-dir.\n`);
      return 1;
    }

    return withEngine(dataDir, async (engine) => {
      const threads = await request(engine, "threads.list", {});
      if (listing) {
        if (values.json) io.stdout.write(JSON.stringify(threads) + "\n");
        else if (threads.length === 0) io.stdout.write("No conversations yet.\n");
        else for (const t of threads) io.stdout.write(`${t.id}  ${t.updatedAt.slice(0, 10)}  ${stripTerminalControls(t.title)}\n`);
        return 0;
      }

      let threadId = values.thread;
      if (threadId === undefined) {
        threadId = threads[0]?.id;
        if (!threadId) {
          io.stderr.write('There are no conversations yet, so there is no agenda to export. Ask a question first: carefold ask "…"\n');
          return 1;
        }
      } else if (!threads.some((t) => t.id === threadId)) {
        io.stderr.write(`There is no conversation with the id "${stripTerminalControls(threadId)}". See your conversations and their ids with: carefold agenda list\n`);
        return 2;
      }

      let exported;
      try {
        exported = await request(engine, "agenda.export", { threadId });
      } catch (err) {
        // The conversation exists (checked above): not_found means it has no answer yet.
        if (!(err instanceof RpcCallError && err.code === "not_found")) throw err;
        io.stderr.write(`"${stripTerminalControls(threads.find((t) => t.id === threadId)?.title ?? threadId)}" has no answer to export yet, so nothing was saved.\n`);
        return 1;
      }
      // The medicines listed or attached in the conversation, as written, under the title (a blank list to fill in when none).
      const { language } = await request(engine, "settings.get", {});
      const markdown = withMedicines(exported.markdown, medicinesMarkdown(exported.medicines, language));
      const fileName = `${exported.fileName}.md`;
      const target = values.out === undefined ? join(io.cwd, fileName) : resolve(io.cwd, values.out);
      const file = existsSync(target) && statSync(target).isDirectory() ? join(target, fileName) : target;
      try {
        // Atomic: a crash or a full disk leaves the old file or the new one, never half an agenda.
        writeFileAtomic(file, markdown.endsWith("\n") ? markdown : markdown + "\n");
      } catch (err) {
        io.stderr.write(`Could not save the agenda to ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
        return 1;
      }
      if (values.json) io.stdout.write(JSON.stringify({ path: file, threadId, title: exported.title }) + "\n");
      else {
        io.stderr.write(`Saved the visit agenda of "${stripTerminalControls(exported.title)}" to:\n`);
        io.stdout.write(file + "\n");
      }
      return 0;
    }, io);
  },
};
