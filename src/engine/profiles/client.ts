/**
 * What one window or web connection talks to when there are profiles: the contract, where `profiles.*`
 * is answered here and every other request goes to the engine of the profile this holder has open, and
 * nowhere else. Events come from that engine only; a switch unsubscribes from the old one first.
 */
import { REQUEST_NAMES, type EngineApi, type EngineEvent, type EventListener, type RequestName } from "../../shared/contract";
import type { profileRequests } from "../../shared/profileSchemas";
import { EngineError } from "../../shared/rpc";
import type { Engine } from "../engine";
import { exportProfile } from "./export";
import type { Holder, ProfileManager } from "./manager";

type ProfileMethod = keyof typeof profileRequests;

export interface ProfileClient extends EngineApi {
  /** A request arrived from this holder (it counts as the person being there). */
  touch(): void;
  /** The window or connection went away. */
  close(): void;
  /** The profile this holder has open (null: the picker). */
  readonly current: string | null;
  /** That profile's engine (null: the picker). */
  openEngine(): Engine | null;
}

const isProfileMethod = (name: RequestName): name is ProfileMethod => name.startsWith("profiles.");

export async function createProfileClient(manager: ProfileManager): Promise<ProfileClient> {
  const listeners = new Set<EventListener>();
  const emit = (event: EngineEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch {
        // A failing listener (a closed socket) must not stop the others.
      }
    }
  };
  let unsubscribe = () => {};
  const holder: Holder = {
    current: null,
    lastActive: manager.now(),
    locked: (reason) => emit({ type: "profiles.locked", reason }),
    engineChanged: (engine) => {
      unsubscribe();
      unsubscribe = engine
        ? engine.onEvent((e) => {
            // An answer still arriving counts as the person being there: the idle clock starts after it.
            manager.touch(holder);
            emit(e);
          })
        : () => {};
    },
  };
  const engine = (): Engine => {
    const e = manager.engineOf(holder);
    if (!e) throw new EngineError("unavailable", manager.text(holder, "chooseFirst"));
    return e;
  };
  const label = (id: string) => manager.registry.get(id)?.name ?? "records";

  const profiles: { [K in ProfileMethod]: EngineApi[K] } = {
    "profiles.list": async () => ({ profiles: manager.list(), current: holder.current, relockMinutes: manager.registry.relockMinutes }),
    "profiles.create": async (input) => manager.create(input.name, input.pin, manager.engineOf(holder)),
    "profiles.open": async (input) => manager.openFor(holder, input.id, input.pin),
    "profiles.lock": async () => ({ locked: await manager.leave(holder) }),
    "profiles.rename": async (input) => {
      const target = manager.registry.get(input.id);
      if (target?.hasPin && holder.current !== input.id) throw new EngineError("unavailable", manager.text(holder, "renameNeedsPin"));
      return manager.rename(input.id, input.name);
    },
    "profiles.setPin": async (input) => manager.changePin(holder, input.pin ?? null, input.currentPin),
    "profiles.remove": async (input) => ({ removed: await manager.remove(holder, input.id, input.pin) }),
    "profiles.export": async () => exportProfile(engine(), label(holder.current ?? "")),
    // Only from an open profile: a tab still at the picker must not switch relocking off for everyone.
    "profiles.configure": async (input) => {
      engine();
      return { relockMinutes: manager.setRelockMinutes(input.relockMinutes) };
    },
  };

  const forwarded = Object.fromEntries(
    REQUEST_NAMES.filter((name) => !isProfileMethod(name)).map((name) => [name, (input: unknown) => (engine()[name] as (i: unknown) => Promise<unknown>)(input)]),
  );

  await manager.attach(holder);
  return {
    ...(forwarded as unknown as EngineApi),
    ...profiles,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    touch: () => manager.touch(holder),
    close: () => {
      unsubscribe();
      listeners.clear();
      manager.detach(holder);
    },
    get current() {
      return holder.current;
    },
    openEngine: () => manager.engineOf(holder),
  };
}
