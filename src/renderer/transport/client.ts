/**
 * The renderer's view of the engine: the contract's methods over whichever transport is present.
 * Both transports return RPC envelopes; this turns error envelopes into RpcCallError and validates
 * incoming events against the contract.
 */
import { EngineEventSchema, REQUEST_NAMES, type ClientApi, type EngineEvent, type RequestName } from "../../shared/contract";
import { RpcCallError, type RpcResponse } from "../../shared/rpc";

export type ConnectionStatus = "connected" | "disconnected" | "expired";

export interface Transport {
  call(method: RequestName, input: unknown): Promise<RpcResponse>;
  onRawEvent(listener: (event: unknown) => void): () => void;
  /** Connection state changes (the WebSocket can drop and reconnect). */
  /** "expired": the host refused this page's address (a token from an earlier launch): it will not reconnect. */
  onStatus?(listener: (status: ConnectionStatus) => void): () => void;
  /** A kiosk session was erased (ended, timed out, or not resumed): what the page shows is gone. */
  onSessionEnded?(listener: () => void): () => void;
}

export function createClient(transport: Transport): ClientApi & { transport: Transport } {
  const api = {
    transport,
    onEvent(listener: (event: EngineEvent) => void) {
      return transport.onRawEvent((raw) => {
        const parsed = EngineEventSchema.safeParse(raw);
        if (parsed.success) listener(parsed.data);
      });
    },
  } as ClientApi & { transport: Transport };
  for (const method of REQUEST_NAMES) {
    (api as unknown as Record<string, unknown>)[method] = async (input: unknown) => {
      const response = await transport.call(method, input ?? {});
      if (!response.ok) throw new RpcCallError(response.error);
      return response.result;
    };
  }
  return api;
}
