/** Transport over the preload bridge (`window.carefold`) inside Electron. */
import type { CarefoldBridge } from "../../shared/methods";
import type { RpcResponse } from "../../shared/rpc";
import type { Transport } from "./client";

export function ipcTransport(bridge: CarefoldBridge): Transport {
  return {
    call: (method, input) => bridge[method](input) as Promise<RpcResponse>,
    onRawEvent: (listener) => bridge.onEvent(listener),
  };
}
