/**
 * How CLI commands reach the engine: only through the request contract (`dispatchRequest`), so each
 * input and output is checked exactly as the desktop app's and the browser's are.
 */
import { createEngine, type Engine } from "../engine/engine";
import { findContentDir } from "../engine/paths";
import type { EngineRequests, RequestInput, RequestName, RequestOutput } from "../shared/contract";
import { dispatchRequest, unwrapResponse } from "../shared/rpc";
import { openCliDataKey } from "./dataKey";
import type { CliIO } from "./types";

/** One contract request; a refused one throws RpcCallError (its `code` says why: not_found, invalid_input, …). */
export async function request<K extends RequestName>(engine: EngineRequests, method: K, input: RequestInput<K>): Promise<RequestOutput<K>> {
  return unwrapResponse<RequestOutput<K>>(await dispatchRequest(engine, method, input));
}

/**
 * Runs `use` with an engine on `dataDir` and always closes it (the database and audit log stay consistent).
 * The folder's data key comes first (its PIN from CAREFOLD_PIN or typed at the terminal, dataKey.ts).
 */
export async function withEngine<T>(dataDir: string, use: (engine: Engine) => Promise<T>, io: CliIO): Promise<T> {
  const engine = createEngine({ dataDir, contentDir: findContentDir(), hostKind: "cli", ...(await openCliDataKey(dataDir, io)) });
  try {
    return await use(engine);
  } finally {
    await engine.close();
  }
}
