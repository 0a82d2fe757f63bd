/**
 * What a file-changing tool call would do, before it runs: target path, operation and a unified
 * diff the user approves. Reads current content through the same safe backend; never writes.
 */
import { createTwoFilesPatch } from "diff";
import { noteFileFor } from "../../shared/noteNames";
import { normalizeVirtualPath } from "./safePath";
import { SKILLS_MOUNT, WORKSPACE_MOUNT, type CarefoldBackend } from "./workspaceBackend";

export interface ActionPreview {
  path: string;
  operation: "create" | "modify" | "delete";
  diff: string;
  /** Full proposed content (what "edit" starts from); null for deletes. */
  proposed: string | null;
}

function current(backend: CarefoldBackend, virtualPath: string): string | null {
  const checked = normalizeVirtualPath(virtualPath, [SKILLS_MOUNT, WORKSPACE_MOUNT]);
  return checked.ok ? backend.readText(checked.path) : null;
}

function preview(path: string, before: string | null, after: string | null): ActionPreview {
  const operation = after === null ? "delete" : before === null ? "create" : "modify";
  const diff = createTwoFilesPatch(path, path, before ?? "", after ?? "", before === null ? "(new)" : "current", after === null ? "(deleted)" : "proposed");
  return { path, operation, diff, proposed: after };
}

export function previewAction(name: string, args: Record<string, unknown>, backend: CarefoldBackend): ActionPreview {
  const str = (k: string) => (typeof args[k] === "string" ? (args[k] as string) : "");
  switch (name) {
    case "workspace-note": {
      const notePath = (name: string) => `${WORKSPACE_MOUNT}notes/${name}`;
      const path = notePath(noteFileFor(str("title"), (name) => current(backend, notePath(name)) !== null));
      return preview(path, current(backend, path), str("content"));
    }
    case "write_file":
      return preview(str("file_path"), current(backend, str("file_path")), str("content"));
    case "edit_file": {
      const before = current(backend, str("file_path"));
      const after = before === null ? null : args["replace_all"] ? before.split(str("old_string")).join(str("new_string")) : before.replace(str("old_string"), str("new_string"));
      return preview(str("file_path"), before, after ?? "");
    }
    case "delete":
      return preview(str("file_path") || str("path"), current(backend, str("file_path") || str("path")), null);
    default:
      return { path: "", operation: "modify", diff: "", proposed: null };
  }
}

/** Turns the user's edited text into the tool call's edited arguments. */
export function editedArgs(name: string, args: Record<string, unknown>, editedContent: string): Record<string, unknown> {
  if (name === "edit_file") return { ...args, new_string: editedContent };
  return { ...args, content: editedContent };
}
