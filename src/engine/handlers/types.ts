/** A group of request handlers: the contract's methods for one domain (the engine assembles them all). */
import type { EngineRequests, RequestName } from "../../shared/contract";

export type Handlers<K extends RequestName> = Pick<EngineRequests, K>;
