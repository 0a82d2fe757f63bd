/** Every `carefold` subcommand, one module each. Add a command by adding its module here. */
import type { CliCommand } from "../types";

type Loader = () => Promise<CliCommand>;

// Loaded lazily so `carefold triage` never pays for loading the model runtime.
export const commandLoaders: Record<string, Loader> = {
  agenda: async () => (await import("./agenda")).command,
  ask: async () => (await import("./ask")).command,
  audit: async () => (await import("./audit")).command,
  consent: async () => (await import("./consent")).command,
  data: async () => (await import("./data")).command,
  eval: async () => (await import("./eval")).command,
  extract: async () => (await import("./extract")).command,
  guard: async () => (await import("./guard")).command,
  kiosk: async () => (await import("./kiosk")).command,
  migrate: async () => (await import("./migrate")).command,
  models: async () => (await import("./models")).command,
  pin: async () => (await import("./pin")).command,
  route: async () => (await import("./route")).command,
  serve: async () => (await import("./serve")).command,
  triage: async () => (await import("./triage")).command,
  validate: async () => (await import("./validate")).command,
};
