/**
 * Request names and IPC channel names with no dependencies, so the sandboxed preload script can
 * use them without bundling zod. contract.ts checks that its request table matches this list.
 */
export const METHODS = [
  "consult.ask",
  "consult.cancel",
  "consult.decide",
  "attachments.add",
  "attachments.list",
  "attachments.read",
  "attachments.remove",
  "notes.list",
  "notes.read",
  "notes.write",
  "notes.delete",
  "catalog.agents",
  "content.packs",
  "settings.get",
  "settings.set",
  "models.list",
  "models.pull",
  "models.import",
  "models.remove",
  "threads.list",
  "threads.get",
  "threads.rename",
  "threads.delete",
  "search.run",
  "data.deleteAll",
  "consent.get",
  "consent.set",
  "approvals.list",
  "agenda.export",
  "app.info",
  "app.licenses",
  "host.pickModelFile",
  "host.printToPdf",
  "session.end",
  "profiles.list",
  "profiles.create",
  "profiles.open",
  "profiles.lock",
  "profiles.rename",
  "profiles.setPin",
  "profiles.remove",
  "profiles.export",
  "profiles.configure",
  "kiosk.status",
  "kiosk.enable",
  "kiosk.disable",
] as const;

export type MethodName = (typeof METHODS)[number];

export const IPC_EVENT_CHANNEL = "carefold:event";
/** The web host's WebSocket close code for an erased kiosk session: the page starts afresh. */
export const SESSION_ENDED_CLOSE = 4001;
export const ipcRequestChannel = (method: MethodName): string => `carefold:rpc:${method}`;

/** What the preload exposes as `window.carefold`: one function per request, plus events. */
export type CarefoldBridge = {
  [K in MethodName]: (input: unknown) => Promise<
    { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; issues?: { path: string; message: string }[] } }
  >;
} & {
  onEvent(listener: (event: unknown) => void): () => void;
  /** The real path of a File dropped on the page (desktop only; null when it has none). */
  pathForFile(file: unknown): string | null;
};
